import { describe, expect, it } from "vitest";
import { KeptPages, keepPage, pageBody, tailStart } from "./kept-pages.ts";

const decoder = new TextDecoder();
const page = (html: string, nonce = "n0nce+/=", expires = Date.now() + 60_000) =>
  keepPage(html, nonce, { expires, status: 200, headers: [["content-type", "text/html"]] });

describe("keepPage and pageBody", () => {
  it("put the new nonce wherever the rendering nonce was, and nothing else changes", () => {
    const html = `<head><script nonce="n0nce+/=">a()</script></head><p>nonce="other"</p><script nonce="n0nce+/="></script>ü`;
    const kept = page(html);
    expect(kept.parts).toHaveLength(3);
    expect(decoder.decode(pageBody(kept, "fresh"))).toBe(html.replaceAll('nonce="n0nce+/="', 'nonce="fresh"'));
    expect(decoder.decode(pageBody(kept, "n0nce+/="))).toBe(html);
  });

  it("keep a document without a nonce whole", () => {
    const kept = page("<p>ü</p>", "");
    expect(kept.bytes).toBe(new TextEncoder().encode("<p>ü</p>").byteLength);
    expect(decoder.decode(pageBody(kept, "fresh"))).toBe("<p>ü</p>");
  });
});

describe("KeptPages", () => {
  it("forgets a page once it expires", () => {
    const pages = new KeptPages(1000);
    pages.set("/a", page("a", "", 2000));
    expect(pages.get("/a", 1999)).toBeDefined();
    expect(pages.get("/a", 2000)).toBeUndefined();
    expect(pages.size).toBe(0);
    expect(pages.bytes).toBe(0);
  });

  it("answers a stale page only when asked for one, until it may no longer be answered stale", () => {
    const pages = new KeptPages(1000);
    pages.set("/a", { ...page("a", "", 2000), staleUntil: 5000, rendered: 1000 });
    expect(pages.get("/a", 2000)).toBeUndefined();
    expect(pages.size).toBe(1); // still there for a stale answer
    expect(pages.get("/a", 4999, true)?.rendered).toBe(1000);
    expect(pages.get("/a", 5000, true)).toBeUndefined();
    expect(pages.size).toBe(0);
    expect(pages.bytes).toBe(0);
  });

  it("stays within its bytes, dropping the least recently used pages first", () => {
    const pages = new KeptPages(10);
    pages.set("/a", page("aaaa"));
    pages.set("/b", page("bbbb"));
    pages.get("/a"); // /b is now the least recently used
    pages.set("/c", page("cccc"));
    expect(pages.get("/b")).toBeUndefined();
    expect(pages.get("/a")).toBeDefined();
    expect(pages.get("/c")).toBeDefined();
    expect(pages.bytes).toBe(8);
  });

  it("replaces a page kept under the same key and never keeps one larger than its bytes", () => {
    const pages = new KeptPages(10);
    pages.set("/a", page("aaaa"));
    pages.set("/a", page("aaaaaa"));
    expect(pages.bytes).toBe(6);
    pages.set("/a", page("a".repeat(11)));
    expect(pages.get("/a")).toBeUndefined();
    expect(pages.bytes).toBe(0);
  });
});

describe("a kept page's tail", () => {
  const html = (tail: string) =>
    `<html><head><script nonce="n1">x</script></head><body><form data-favourite="3"></form>ü<script nonce="n1">window.__reactRouterContext = {}</script>${tail}</body></html>`;

  it("starts at the router's data, found again in the body with another nonce", () => {
    const kept = page(html(`<div><form data-favourite="9"></form></div>`), "n1");
    expect(kept.tail?.favourites).toEqual([9]);
    const body = pageBody(kept, "another");
    const at = tailStart(kept, "another")!;
    expect(decoder.decode(body.subarray(at))).toMatch(/^<script nonce="another">window.__reactRouterContext/);
  });

  it("is none where a part the edge writes for a visitor follows it, or there is no router data", () => {
    expect(page(html(`<a data-visitor="signin"></a>`), "n1").tail).toBeUndefined();
    expect(page(html(`<div id="save-search"></div>`), "n1").tail).toBeUndefined();
    expect(page("<html><head></head><body></body></html>", "n1").tail).toBeUndefined();
  });
});
