/**
 * One cache entry per meaning (decision 052): a stray or doubled `&`, repeated or
 * reordered parameters and an out-of-bounds page number reach the page cache as the page's one address —
 * a hit after the first render, or one 301 to that address.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "#shared/api/limits.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";

// The built Worker with the page cache on (the workers project turns it off).
const built = "../../.builds/test/server/index.js";
const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;
const cached = { ...env, PAGE_CACHE_TTL: "60" };

async function view(path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER_UA }, redirect: "manual" }) as never,
    cached,
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, cache: res.headers.get("x-page-cache"), location: res.headers.get("location"), html };
}

/** The address bar the page puts itself at before the router hydrates (./page-query.ts). */
const addressOf = (html: string) => /history\.replaceState\(history\.state,"",("[^"]*")/.exec(html)?.[1];

describe("junk variants of a page are one cache entry", () => {
  it("the home page: a stray or doubled & is the page itself", async () => {
    expect((await view("/?pwa_user=yes")).cache).toBe("miss");
    for (const path of [
      "/?pwa_user=yes&",
      "/?&&pwa_user=yes",
      "/?pwa_user=yes&pwa_user=yes",
      "/?utm=1&pwa_user=yes&",
    ]) {
      const res = await view(path);
      expect([res.status, res.cache], path).toEqual([200, "hit"]);
      expect(addressOf(res.html), path).toBe('"/?pwa_user=yes"');
    }
  });

  it("a search: reordered, repeated, stray & and the default page are its one address", async () => {
    const one = "/search/?rooms=1&rooms=2&sort=price_asc";
    expect((await view(one)).cache).toBe("miss");
    for (const path of [
      "/search/?sort=price_asc&rooms=2&rooms=1",
      "/search/?rooms=1&rooms=2&sort=price_asc&",
      "/search/?rooms=1&&rooms=2&sort=price_asc",
      "/search/?rooms=2&rooms=1&rooms=2&sort=price_asc&sort=price_desc",
      "/search/?rooms=1&rooms=2&sort=price_asc&page=1",
      "/search/?page=01&rooms=1&utm_source=x&rooms=2&sort=price_asc",
    ]) {
      const res = await view(path);
      expect([res.status, res.cache], path).toEqual([200, "hit"]);
      expect(addressOf(res.html), path).toBe(JSON.stringify(one));
    }
  });

  it("a search's page number past every page is the last possible one (past the end: 404), not a new entry", async () => {
    for (const page of ["1000000000", "99999999999999999999"]) {
      const res = await view(`/sr/buy/apartment/?page=${page}`);
      expect(res.status, page).toBe(404);
    }
  });

  it.each([
    ["/media/?page=1000000000", `/media/?page=${MAX_PAGE}`],
    ["/media/?page=2&page=3", "/media/?page=2"],
    ["/ru/media/?page=0", "/ru/media/"],
    ["/about/?pwa_user=yes&", "/about/?pwa_user=yes"],
    ["/about/?&&pwa_user=yes&&", "/about/?pwa_user=yes"],
    ["/sr/faq/?pwa_user=yes&auth=signin", "/sr/faq/?auth=signin&pwa_user=yes"],
    ["/faq/?auth=signin&auth=signup&", "/faq/?auth=signin"],
  ])("%s answers one 301 to %s", async (from, to) => {
    const res = await view(from);
    expect([res.status, res.location]).toEqual([301, to]);
  });

  it("a redirect for another reason goes straight to the one address (one hop)", async () => {
    expect((await view("/about?pwa_user=yes&&pwa_user=yes")).location).toBe("/about/?pwa_user=yes");
    expect((await view("/privacyPolicy?&pwa_user=yes")).location).toBe("/privacy-policy/?pwa_user=yes");
    expect((await view("/media?page=1000000000&utm=x")).location).toBe(`/media/?page=${MAX_PAGE}`);
  });

  it("a page's address in its one form is served, and kept, as asked", async () => {
    const path = "/about/?pwa_user=yes";
    const first = await view(path);
    expect(first.status).toBe(200);
    expect(addressOf(first.html)).toBeUndefined();
    expect((await view(path)).cache).toBe("hit");
  });
});
