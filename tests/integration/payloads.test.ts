/**
 * `GET {path}/_payload.json` (product §7, decision 052): the data of a page that is the
 * same for everyone, as plain JSON, loaded without the visitor's session and kept like the page; a 404
 * for pages that are per visitor, per query or missing.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiArticleSummary } from "#shared/api/content.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { signUpByPhone } from "./auth-fixtures.ts";

interface Payload {
  path: string;
  locale: string;
  build: string;
  route: string;
  data: Record<string, unknown>;
}

const get = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "user-agent": BROWSER_UA, ...init.headers },
  });

async function payload(path: string, headers: Record<string, string> = {}): Promise<Payload> {
  const res = await get(path, { headers });
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  return (await res.json()) as Payload;
}

let article: ApiArticleSummary;
beforeAll(async () => {
  const res = await SELF.fetch(`${ORIGIN}/api/article?per_page=1`, { headers: { "accept-language": "ru" } });
  article = ((await res.json()) as { items: ApiArticleSummary[] }).items[0]!;
});
const articlePath = (a: ApiArticleSummary) => `/media/${[...a.tag_path, a.slug].join("/")}/`;

describe("a page's payload", () => {
  it("is the static page's loader data as plain JSON, without its text catalogue", async () => {
    const about = await payload("/about/_payload.json");
    expect(about).toMatchObject({ path: "/about/", locale: "en", route: "routes/about" });
    expect(about.build).toMatch(/^\w+$/);
    expect(Object.keys(about.data)).toContain("content");
    expect(about.data).not.toHaveProperty("messages");
    const ru = await payload("/ru/privacy-policy/_payload.json");
    expect(ru).toMatchObject({ path: "/ru/privacy-policy/", locale: "ru", route: "routes/privacy-policy" });
    expect(JSON.stringify(ru.data.content)).not.toBe(
      JSON.stringify((await payload("/privacy-policy/_payload.json")).data.content),
    );
  });

  it("is an article's data in the page's language", async () => {
    const path = `/ru${articlePath(article)}`;
    const ru = await payload(`${path}_payload.json`);
    expect(ru).toMatchObject({ path, locale: "ru", route: "routes/media" });
    expect(JSON.stringify(ru.data)).toContain(article.title);
  });

  it("is the media list's page, its number in its one form, and the home page's data with its streamed sections", async () => {
    const second = await payload("/media/_payload.json?page=2&utm=x");
    expect(second.path).toBe("/media/?page=2");
    const first = await payload("/media/_payload.json");
    expect(JSON.stringify(second.data)).not.toBe(JSON.stringify(first.data));
    const home = await payload("/sr/_payload.json");
    expect(home).toMatchObject({ path: "/sr/", locale: "sr", route: "routes/home" });
    // Sections the page streams after its shell are here as their values, not as promises.
    expect(JSON.stringify(home.data)).not.toContain("{}");
  });

  it("is the same for a signed-in visitor: no session is read", async () => {
    const person = await signUpByPhone();
    const signedIn = await payload("/_payload.json", { cookie: person.jar.header() });
    const guest = await payload("/_payload.json");
    // The loader's clock (`now`) is the only difference between two loads.
    expect({ ...signedIn.data, now: 0 }).toEqual({ ...guest.data, now: 0 });
    expect(JSON.stringify(signedIn)).not.toContain(person.phone);
  });

  it.each([
    "/cabinet/_payload.json",
    "/cabinet/messages/_payload.json",
    "/favourites/_payload.json",
    "/search/_payload.json",
    "/buy/apartment/_payload.json",
    "/thank-you/_payload.json",
    "/media/no-such-tag/no-such-article/_payload.json",
    "/no/page/_payload.json",
    "/en/about/_payload.json",
    "/xx/about/_payload.json",
  ])("%s is a 404", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("is read, not posted", async () => {
    const res = await get("/about/_payload.json", { method: "POST" });
    expect(res.status).toBe(405);
  });

  it("is kept like the page", async () => {
    const built = "../../.builds/test/server/index.js";
    const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;
    const cached = { ...env, PAGE_CACHE_TTL: "60" };
    const view = async () => {
      const ctx = createExecutionContext();
      const res = await worker.fetch!(new Request(`${ORIGIN}/faq/_payload.json`) as never, cached, ctx);
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { body, cache: res.headers.get("x-page-cache"), control: res.headers.get("cache-control") };
    };
    const first = await view();
    const again = await view();
    expect([first.cache, again.cache]).toEqual(["miss", "hit"]);
    expect(again.body).toBe(first.body);
    expect(again.control).toBe("public, max-age=60");
  });
});
