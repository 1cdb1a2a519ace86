/**
 * Junk queries and static files (decision 027) against the served build (wrangler dev, the assets binding and the page cache
 * as deployed): a junk query cannot bust the page cache, and static files carry their lifetimes and the
 * security headers (public/_headers).
 */
import { expect, inject, it } from "vitest";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";

const baseURL = inject("baseURL");

const get = (path: string) => fetch(`${baseURL}${path}`, { headers: { "user-agent": BROWSER_UA }, redirect: "manual" });

/** The worker's security headers, as a page carries them; static files must carry the same, less the CSP. */
const SECURITY_HEADERS = [
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

it("a junk query is a hit of the clean page's cache entry, with no trace of the junk", async () => {
  const path = `/faq/?cache-test=${Date.now()}`;
  // Warm: the clean page's entry (the junk above is dropped like any other).
  const first = await get(path);
  expect(first.status).toBe(200);
  await first.text();
  let hit: Response | undefined;
  for (let i = 0; i < 20; i++) {
    hit = await get(`/faq/?utm_source=JUNK${i}x&fbclid=JUNK${Date.now()}y`);
    if (hit.headers.get("x-page-cache") === "hit") break;
    await hit.text();
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(hit!.status).toBe(200);
  expect(hit!.headers.get("x-page-cache")).toBe("hit");
  const html = await hit!.text();
  expect(html).not.toContain("JUNK");
  expect(html).toContain('history.replaceState(history.state,"","/faq/"+location.hash)');
  // A second, different junk parameter: the same kept page again.
  const again = await get(`/faq/?gclid=OTHERJUNK`);
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect(await again.text()).not.toContain("OTHERJUNK");
});

it("a 20 MB body is a 413 every time through wrangler's proxy, the API's and a page's alike", async () => {
  const body = new Uint8Array(20 * 1024 * 1024);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${baseURL}${i % 2 ? "/api/feedback/question" : "/about/"}`, {
      method: "POST",
      headers: { "user-agent": BROWSER_UA, "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body,
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  expect(statuses).toEqual(Array(12).fill(413));
});

it("hashed /assets/* are immutable for a year and carry the security headers of the worker", async () => {
  const page = await get("/about/");
  const html = await page.text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets.slice(0, 4)) {
    const res = await get(asset);
    await res.arrayBuffer();
    expect(res.status, asset).toBe(200);
    expect(res.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
    for (const name of SECURITY_HEADERS) expect(res.headers.get(name), `${asset} ${name}`).toBe(page.headers.get(name));
  }
});

it("unhashed files get an hour and the same security headers; _headers itself is not served", async () => {
  const page = await get("/about/");
  await page.text();
  for (const file of ["/favicon.svg", "/icons/icon-192.png"]) {
    const res = await get(file);
    await res.arrayBuffer();
    expect(res.status, file).toBe(200);
    expect(res.headers.get("cache-control"), file).toBe("public, max-age=3600");
    for (const name of SECURITY_HEADERS) expect(res.headers.get(name), `${file} ${name}`).toBe(page.headers.get(name));
  }
  const headersFile = await get("/_headers");
  expect(await headersFile.text()).not.toContain("Cache-Control:");
});

it("the worker sets exactly the security headers listed (none missing from public/_headers)", async () => {
  const page = await get("/about/");
  await page.text();
  const worker = [...page.headers.keys()].filter(
    (name) =>
      SECURITY_HEADERS.includes(name) ||
      /^(x-|cross-origin|origin-agent|strict-transport|referrer|permissions)/.test(name),
  );
  // `X-Debug-*` answers exist only in development, for loopback clients (the D1 meter, decisions 091 and 092).
  const security = worker.filter((name) => name !== "x-page-cache" && !name.startsWith("x-debug-"));
  expect(security.sort()).toEqual([...SECURITY_HEADERS].sort());
});
