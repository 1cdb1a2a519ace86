/**
 * The built service worker and the page side's bundle (vite-plugins/pwa.ts, decision 043): what the
 * build wrote, as the deploy serves it. Static files are answered before the worker runs (here: the
 * assets binding, with public/_headers).
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`, browserInit());
const file = (path: string) => env.ASSETS.fetch(`${ORIGIN}${path}`);

async function buildId(): Promise<string> {
  return ((await (await get(`/builds/latest.json?t=${Date.now()}`)).json()) as { id: string }).id;
}

/** The precache manifest written into sw.js (`precacheAndRoute([...])`). */
function precacheList(code: string): { url: string; revision: string | null }[] {
  const list = /\[\{"revision":[^\]]*\]/.exec(code);
  expect(list, "a precache manifest in sw.js").not.toBeNull();
  return JSON.parse(list![0]) as { url: string; revision: string | null }[];
}

describe("GET /sw.js", () => {
  it("is JavaScript that every cache revalidates, with the build's precache list", async () => {
    const res = await file("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const code = await res.text();
    // A classic script: no module syntax, so every browser that has service workers runs it.
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toContain("self.__WB_MANIFEST");

    const list = precacheList(code);
    const id = await buildId();
    const offline = list.filter((entry) => !entry.url.startsWith("/assets/"));
    expect(offline).toEqual([
      { url: "/offline/", revision: id },
      { url: "/ru/offline/", revision: id },
      { url: "/sr/offline/", revision: id },
    ]);
    const assets = list.filter((entry) => entry.url.startsWith("/assets/"));
    for (const entry of assets) {
      // Hashed names only: the name is the revision.
      expect(entry.url).toMatch(/^\/assets\/[\w.-]+-[\w-]{8}\.(js|css)$/);
      expect(entry.revision).toBeNull();
    }
    const urls = assets.map((entry) => entry.url);
    expect(urls).toEqual([...urls].sort());
    // The files every page loads, the build's manifest and the page side's bundle are among them.
    const html = await (await get("/")).text();
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)![0];
    const afterLoad = /data-after-load="([^"]+)"/.exec(html)![1]!;
    expect(urls).toEqual(expect.arrayContaining([entry, `/assets/manifest-${id}.js`, afterLoad]));
  });

  it("lists only files the deploy serves", async () => {
    const list = precacheList(await (await file("/sw.js")).text());
    for (const { url } of list.filter((entry) => entry.url.startsWith("/assets/")).slice(0, 20)) {
      const res = await file(url);
      expect(res.status, url).toBe(200);
      await res.body?.cancel();
    }
  });
});

describe("the page side's bundle", () => {
  it.each(["/", "/ru/search/", "/sr/about/"])(
    "%s names it for after the `load` event, a module the deploy serves",
    async (path) => {
      const html = await (await get(path)).text();
      const starters = [
        ...html.matchAll(/<script nonce="[^"]+" data-after-load="([^"]+)">\(function startAfterPaint/g),
      ];
      expect(starters).toHaveLength(1);
      const url = starters[0]![1]!;
      expect(url).toMatch(/^\/assets\/pwa-[\w-]+\.js$/);
      // Nothing else in the document asks for it.
      expect(html.split(url)).toHaveLength(2);
      const res = await file(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text()).toContain("/sw.js");
    },
  );
});
