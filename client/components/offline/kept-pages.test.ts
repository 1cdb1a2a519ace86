// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CACHES, FETCHED_AT_HEADER } from "#client/pwa/protocol.ts";
import { RECENTLY_VIEWED_MAX } from "#shared/constants.ts";
import { keptPages } from "./kept-pages.ts";

/** Cache Storage as the service worker leaves it: caches by name, each a URL → Response map. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  has = async (name: string) => this.stores.has(name);
  open = async (name: string) => {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    return {
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      match: async (request: Request | string) =>
        store.get(typeof request === "string" ? new URL(request, location.origin).href : request.url)?.clone(),
    } as unknown as Cache;
  };
  keep(name: string, path: string, html: string, fetchedAt?: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    const headers: Record<string, string> = fetchedAt ? { [FETCHED_AT_HEADER]: fetchedAt } : {};
    store.set(new URL(path, location.origin).href, new Response(html, { headers }));
  }
}

const doc = (title: string, image?: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title>${image ? `<meta property="og:image" content="${image}">` : ""}</head><body><h1>x</h1></body></html>`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

let fake: FakeCaches;
beforeEach(() => {
  fake = new FakeCaches();
  vi.stubGlobal("caches", fake);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("keptPages", () => {
  it("creates no cache when the service worker has kept nothing", async () => {
    expect(await keptPages("Kvadrat")).toEqual({ listings: [], favourites: null, pages: [] });
    expect(fake.stores.size).toBe(0);
  });

  it("lists listings newest first, at most the recently viewed maximum, titled without the site's name", async () => {
    for (let i = 0; i < RECENTLY_VIEWED_MAX + 3; i++)
      fake.keep(CACHES.listings, `/buy/apartment/beograd/${i}/`, doc(`Flat ${i} — €${i}00 | Kvadrat`), at(i));
    const { listings } = await keptPages("Kvadrat");
    expect(listings).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(listings[0]).toEqual({
      href: `/buy/apartment/beograd/${RECENTLY_VIEWED_MAX + 2}/`,
      title: `Flat ${RECENTLY_VIEWED_MAX + 2} — €${RECENTLY_VIEWED_MAX + 2}00`,
      fetchedAt: at(RECENTLY_VIEWED_MAX + 2),
      image: null,
    });
  });

  it("shows a listing's photo only when the photo is kept too", async () => {
    const photo = `${location.origin}/photos/1/large.webp`;
    fake.keep(CACHES.listings, "/buy/house/nis/1/", doc("House", photo), at(1));
    fake.keep(CACHES.listings, "/buy/house/nis/2/", doc("House 2", `${location.origin}/photos/2/large.webp`), at(2));
    fake.keep(CACHES.photos, photo, "");
    const { listings } = await keptPages("Kvadrat");
    expect(listings.map((l) => l.image)).toEqual([null, photo]);
  });

  it("picks out the favourites page (any language) and leaves the offline page out of the others", async () => {
    fake.keep(CACHES.pages, "/about/", doc("About Kvadrat | Kvadrat"), at(1));
    fake.keep(CACHES.pages, "/ru/favourites/", doc("Избранное | Kvadrat"), at(3));
    fake.keep(CACHES.pages, "/sr/offline/", doc("Offline | Kvadrat"), at(4));
    fake.keep(CACHES.pages, "/search/?city=beograd", doc("Search | Kvadrat"));
    const { favourites, pages } = await keptPages("Kvadrat");
    expect(favourites).toMatchObject({ href: "/ru/favourites/", fetchedAt: at(3) });
    expect(pages.map((p) => [p.href, p.title])).toEqual([
      ["/about/", "About Kvadrat"],
      ["/search/?city=beograd", "Search"],
    ]);
  });
});
