import { describe, expect, it } from "vitest";
import {
  isHashedAsset,
  isKeepablePage,
  isListingPage,
  isNeverTouched,
  isOwnPublicPage,
  isOfflinePage,
  isPhoto,
  keptPageAddress,
  markOfflineCopy,
  OFFLINE_PAGES,
  offlinePageFor,
  pageCacheOf,
  type PageAnswer,
} from "./cache-rules.ts";
import { CACHES } from "./protocol.ts";
import { paths } from "#shared/paths.ts";
import { localizePath } from "#shared/locales.ts";

const ORIGIN = "https://kvadrat.example";

describe("what the service worker never touches", () => {
  it.each(["/sw.js", "/builds/latest.json", "/builds/meta/abc.json", "/api/listings", "/api/", "/cdn-cgi/trace"])(
    "%s",
    (path) => expect(isNeverTouched(path)).toBe(true),
  );
  it.each(["/", "/ru/", "/sw.js.map", "/apis/", "/buy/", "/ru/api/", "/offline/", "/assets/sw.js"])(
    "but not %s",
    (path) => expect(isNeverTouched(path)).toBe(false),
  );
});

describe("listing pages (recently viewed) and other pages", () => {
  it.each([
    paths.detail("sale", "apartment", "beograd", 12),
    localizePath(paths.detail("rent", "house", "novi-sad", 3), "ru"),
    localizePath(paths.detail("sale", "land", "nis", 999999), "sr"),
  ])("%s is a listing page", (path) => {
    expect(isListingPage(path)).toBe(true);
    expect(pageCacheOf(path)).toBe(CACHES.listings);
  });
  it.each([
    "/",
    "/buy/",
    "/buy/apartment/",
    "/buy/apartment/beograd/",
    "/rent/apartment/beograd/12",
    "/buy/apartment/beograd/x12/",
    "/en/buy/apartment/beograd/12/",
    "/buy/apartment/beograd/12/photos/",
    "/cabinet/favourites/",
    "/search/",
  ])("%s is not", (path) => {
    expect(isListingPage(path)).toBe(false);
    expect(pageCacheOf(path)).toBe(CACHES.pages);
  });
});

describe("a page worth asking the network for to keep", () => {
  it("is this origin's public page, in any language — never a signed-in visitor's", () => {
    const at = (href: string) => isOwnPublicPage(new URL(href), "https://k.test");
    expect(at("https://k.test/ru/about/")).toBe(true);
    expect(at("https://k.test/buy/apartment/beograd/12/")).toBe(true);
    for (const path of ["/cabinet/messages/?c=1", "/sr/cabinet/", "/listing/edit/3/", "/admin/moderation/", "/api/x"])
      expect(at(`https://k.test${path}`)).toBe(false);
    expect(at("https://elsewhere.test/about/")).toBe(false);
  });
});

describe("the address a page is kept under", () => {
  it("leaves out the installed app's pwa_user flag and nothing else", () => {
    expect(keptPageAddress("https://k.test/ru/about/?pwa_user=yes")).toBe("https://k.test/ru/about/");
    expect(keptPageAddress("https://k.test/search/?city=1&pwa_user=yes&page=2")).toBe(
      "https://k.test/search/?city=1&page=2",
    );
    expect(keptPageAddress("https://k.test/search/?city=1")).toBe("https://k.test/search/?city=1");
  });
});

describe("the offline page", () => {
  it("is precached in every language", () => {
    expect(OFFLINE_PAGES).toEqual(["/offline/", "/ru/offline/", "/sr/offline/"]);
    for (const path of OFFLINE_PAGES) expect(isOfflinePage(path)).toBe(true);
    expect(isOfflinePage("/en/offline/")).toBe(false);
    expect(isOfflinePage("/offline")).toBe(false);
  });

  it("answers in the language of the path asked for, naming it with its query", () => {
    expect(offlinePageFor(new URL(`${ORIGIN}/buy/apartment/`))).toBe("/offline/?from=%2Fbuy%2Fapartment%2F");
    expect(offlinePageFor(new URL(`${ORIGIN}/ru/search/?city=beograd&rooms=2`))).toBe(
      "/ru/offline/?from=%2Fru%2Fsearch%2F%3Fcity%3Dbeograd%26rooms%3D2",
    );
    expect(offlinePageFor(new URL(`${ORIGIN}/sr`))).toBe("/sr/offline/?from=%2Fsr");
    // The `from` it names reads back as the address asked for.
    const url = new URL(offlinePageFor(new URL(`${ORIGIN}/sr/rent/?q=a%20b#x`)), ORIGIN);
    expect(url.searchParams.get("from")).toBe("/sr/rent/?q=a%20b");
  });
});

describe("a page worth keeping", () => {
  const answer = (over: { status?: number; url?: string; headers?: Record<string, string> } = {}): PageAnswer => ({
    status: over.status ?? 200,
    url: over.url ?? `${ORIGIN}/buy/`,
    headers: new Headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=0",
      ...over.headers,
    }),
  });

  it("is a 200 HTML page of this origin that any cache may keep", () => {
    expect(isKeepablePage(answer(), ORIGIN)).toBe(true);
    expect(isKeepablePage(answer({ headers: { "cache-control": "" } }), ORIGIN)).toBe(true);
    expect(isKeepablePage(answer({ url: "" }), ORIGIN)).toBe(true);
  });

  it.each([
    ["a signed-in page", answer({ headers: { "cache-control": "private, no-store" } })],
    ["a private page", answer({ headers: { "cache-control": "max-age=0, private" } })],
    ["a no-store page", answer({ headers: { "cache-control": "no-store" } })],
    ["a no-store page, upper case", answer({ headers: { "cache-control": "No-Store" } })],
    ["a 404", answer({ status: 404 })],
    ["a 503", answer({ status: 503 })],
    ["a redirect seen by the worker", answer({ status: 0, url: "" })],
    ["JSON", answer({ headers: { "content-type": "application/json" } })],
    ["no content type", answer({ headers: { "content-type": "" } })],
    ["another origin's", answer({ url: "https://elsewhere.example/buy/" })],
    ["an API answer", answer({ url: `${ORIGIN}/api/listings` })],
  ])("not %s", (_name, page) => expect(isKeepablePage(page, ORIGIN)).toBe(false));
});

it("photos and hashed files", () => {
  expect(isPhoto("/photos/ab12-640.webp")).toBe(true);
  expect(isPhoto("/images/listings/12.svg")).toBe(true);
  expect(isPhoto("/ru/photos/")).toBe(false);
  expect(isPhoto("/favicon.svg")).toBe(false);
  expect(isHashedAsset("/assets/root-abc.js")).toBe(true);
  expect(isHashedAsset("/sw.js")).toBe(false);
});

describe("a kept page served offline", () => {
  it("says when it was fetched, first in its head", () => {
    const html = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>x</title></head><body></body></html>`;
    expect(markOfflineCopy(html, "2026-11-26T10:00:00.000Z")).toBe(
      `<!DOCTYPE html><html lang="ru"><head><meta name="offline-copy" content="2026-11-26T10:00:00.000Z"><meta charset="utf-8"><title>x</title></head><body></body></html>`,
    );
  });

  it("keeps the head's attributes and writes no markup from the header", () => {
    expect(markOfflineCopy(`<html><head data-x="1"><title>`, `"><script>`)).toBe(
      `<html><head data-x="1"><meta name="offline-copy" content="script"><title>`,
    );
    expect(markOfflineCopy(`<header></header>`, null)).toBe(`<meta name="offline-copy" content=""><header></header>`);
  });
});
