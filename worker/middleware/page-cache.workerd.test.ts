import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { edgeCountry } from "#worker/http/edge-country.ts";
import { pageCache, pageCacheKey } from "./page-cache.ts";

const BUILD = "build-a";

/** A site of one page of build `buildId` that counts its renders, behind a nonce policy and the page cache. */
function site(buildId = BUILD) {
  let renders = 0;
  const app = new Hono<AppEnv>();
  app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: [NONCE] } }));
  app.use(pageCache(buildId));
  app.get("*", (c) => {
    renders++;
    if (c.req.query("api") === "down") c.set("apiFailed", true);
    const nonce = c.get("secureHeadersNonce");
    // As the app's context reads it (worker/app-context.ts): a kept render names only its key's country.
    const kept = c.get("keptRender");
    const country = (kept ? kept.country : edgeCountry(c.req.raw, c.env)) ?? "";
    const cookie = c.req.header("cookie") ?? "";
    return c.html(
      `<html><head><script nonce="${nonce}">1</script></head><body>render ${renders} ${country} ${buildId} [${cookie}]<form data-favourite="7"><input type="hidden" name="intent" value="add"><button aria-pressed="false"></button></form></body></html>`,
    );
  });
  const get = async (path: string, headers: Record<string, string> = {}, country?: string) => {
    const ctx = createExecutionContext();
    // Cloudflare sends the country both ways; which one is read depends on the environment.
    const request = new Request(`https://kvadrat.test${path}`, {
      headers: country ? { ...headers, "cf-ipcountry": country } : headers,
      cf: country ? { country } : undefined,
    });
    const res = await app.fetch(request, { ...env, PAGE_CACHE_TTL: "60" }, ctx);
    const html = await res.text();
    await waitOnExecutionContext(ctx);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    return {
      status: res.status,
      cache: res.headers.get("x-page-cache"),
      cacheControl: res.headers.get("cache-control"),
      html,
      nonce,
    };
  };
  return { get, renders: () => renders };
}

const unique = () => `/page-${crypto.randomUUID()}/`;

describe("pageCacheKey", () => {
  it("names the page, the view, the country and the build", () => {
    expect(pageCacheKey(new URL("https://kvadrat.test/ru/buy/house/?page=2"), "bot", "RS", "a1b2c3d4")).toBe(
      "https://kvadrat.test/ru/buy/house/?page=2&__view=bot&__country=RS&__build=a1b2c3d4",
    );
    expect(pageCacheKey(new URL("https://kvadrat.test/"), "person", "", "x")).toBe(
      "https://kvadrat.test/?__view=person&__country=&__build=x",
    );
  });

  it("keys the same parameters written otherwise as one page", () => {
    const key = (href: string) => pageCacheKey(new URL(href, "https://kvadrat.test"), "person", "", "x");
    expect(key("/offline/?from=/about/")).toBe(key("/offline/?from=%2Fabout%2F"));
    expect(key("/media/?page=2&utm_source=x")).toBe(key("/media/?page=2"));
  });
});

describe("pageCache", () => {
  it("never answers a page of one build after another is deployed, nor the reverse (version skew)", async () => {
    const a = site("build-a");
    const path = unique();
    expect((await a.get(path)).cache).toBe("miss");
    expect((await a.get(path)).html).toContain("build-a");

    // Build B, with the data centre's cache (and, here, the isolate's memory) still holding A's page.
    const b = site("build-b");
    const first = await b.get(path);
    expect(first.cache).toBe("miss");
    expect(first.html).toContain("build-b");
    expect(b.renders()).toBe(1);
    const again = await b.get(path);
    expect(again.cache).toBe("hit");
    expect(again.html).toContain("build-b");
    expect(b.renders()).toBe(1);

    // A's page is still A's: a rollback to A gets A's HTML, never B's.
    const rollback = site("build-a");
    const back = await rollback.get(path);
    expect(back.cache).toBe("hit");
    expect(back.html).toContain("build-a");
    expect(rollback.renders()).toBe(0);
  });

  it("answers a repeat from memory with the fresh nonce, even when the data centre's copy is gone", async () => {
    const { get, renders } = site();
    const path = unique();
    const first = await get(path);
    expect(first.cache).toBe("miss");
    expect(
      await (
        await caches.open("pages")
      ).delete(`https://kvadrat.test${path}?__view=person&__country=&__build=${BUILD}`),
    ).toBe(true);
    const second = await get(path);
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(1);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toBe(first.html.replace(first.nonce!, second.nonce!));
  });

  it("answers from the data centre's copy when this isolate has not kept the page", async () => {
    const { get, renders } = site();
    const path = unique();
    const stored = new Response('<script nonce="old">1</script>kept', {
      headers: {
        "content-type": "text/html",
        "cache-control": "max-age=60",
        "x-kept-nonce": "old",
        "x-kept-until": String(Date.now() + 60_000),
      },
    });
    await (
      await caches.open("pages")
    ).put(`https://kvadrat.test${path}?__view=person&__country=&__build=${BUILD}`, stored);
    const res = await get(path);
    expect(res.cache).toBe("hit");
    expect(renders()).toBe(0);
    expect(res.html).toBe(`<script nonce="${res.nonce}">1</script>kept`);
  });

  it("renders other pages for a guest with favourites, saved searches, a session or a debug knob, and keeps crawlers' documents apart", async () => {
    const { get, renders } = site();
    const path = unique();
    await get(path);
    expect((await get(path)).cache).toBe("hit");
    const bypassing: Record<string, string>[] = [
      { cookie: "favourites=1" },
      { cookie: "saved_search=%5B%5D" },
      { cookie: "refresh_token=abc" },
      { "x-debug-api-delay": "1" },
    ];
    for (const headers of bypassing) {
      expect((await get(path, headers)).cache, JSON.stringify(headers)).toBeNull();
    }
    expect((await get(path, { "user-agent": "Googlebot/2.1" })).cache).toBe("miss");
    expect(renders()).toBe(6);
  });

  it("renders afresh for a visitor who changed something a moment ago (the D1 bookmark), and keeps that render for everyone", async () => {
    const { get, renders } = site();
    const path = unique();
    expect((await get(path)).html).toContain("render 1");
    // The kept copy may be from before the visitor's change: theirs is rendered, and replaces it.
    const changed = await get(path, {
      cookie: `${D1_BOOKMARK_COOKIE_NAME}=00000001-00000002-00000003-${"0".repeat(32)}.x`,
    });
    expect(changed.cache).toBe("miss");
    expect(changed.html).toContain("render 2");
    const other = await get(path);
    expect(other.cache).toBe("hit");
    expect(other.html).toContain("render 2");
    expect(renders()).toBe(2);
  });

  it("keeps the public pages for everyone: rendered without cookies, made each visitor's on the way out", async () => {
    const { get, renders } = site();
    const path = `/search/?q=${crypto.randomUUID()}`;
    const first = await get(path, { cookie: "favourites=7; refresh_token=abc" });
    expect([first.cache, first.cacheControl]).toEqual(["miss", "private, no-store"]);
    // The render saw no cookie; the answer is theirs: the heart pressed, their JSON in the head.
    expect(first.html).toContain("render 1  build-a []");
    expect(first.html).toContain('aria-pressed="true"');
    expect(first.html).toContain('"favourites":[7]');
    const guest = await get(path);
    expect([guest.cache, guest.cacheControl]).toEqual(["hit", null]);
    expect(guest.html).toContain('aria-pressed="false"');
    expect(guest.html).not.toContain("favourites");
    const saved = await get(path, { cookie: "saved_search=%5B%5D" });
    expect([saved.cache, saved.cacheControl]).toEqual(["hit", "private, no-store"]);
    expect(renders()).toBe(1);
  });

  it("keeps one page for every country; the sign-in dialog's (its phone widget) per country", async () => {
    const { get, renders } = site();
    const path = unique();
    expect((await get(path, {}, "RS")).html).toContain("render 1  build-a");
    const german = await get(path, {}, "DE");
    expect(german.cache).toBe("hit");
    expect(german.html).toContain("render 1  build-a");
    const dialog = `${path}?auth=register`;
    expect((await get(dialog, {}, "RS")).html).toContain("render 2 RS");
    expect((await get(dialog, {}, "DE")).html).toContain("render 3 DE");
    expect((await get(dialog, {}, "RS")).cache).toBe("hit");
    expect(renders()).toBe(3);
  });

  it("keeps no page whose API calls failed: its sections say so, for this visitor only", async () => {
    const { get, renders } = site();
    const path = `${unique()}?api=down`;
    expect((await get(path)).cache).toBe("miss");
    expect((await get(path)).cache).toBe("miss");
    expect(renders()).toBe(2);
  });
});
