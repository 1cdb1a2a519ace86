import { request } from "playwright-core";
import { expect, inject, it } from "vitest";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";

const baseURL = inject("baseURL");

/** Playwright's HTTP client: unlike Node's fetch it sends a Cookie header as given. */
async function get(path: string, headers: Record<string, string> = {}) {
  const client = await request.newContext({ baseURL });
  try {
    const res = await client.get(path, { headers: { "user-agent": BROWSER_UA, ...headers }, maxRedirects: 0 });
    return { status: res.status(), headers: res.headers(), text: await res.text() };
  } finally {
    await client.dispose();
  }
}

const nonceOf = (res: { headers: Record<string, string> }) =>
  /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] ?? "")?.[1];
/** The same document, whatever the nonce and however an element's closing slash is spaced. */
const normalized = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/\s*\/>/g, "/>");

it("answers a repeated anonymous page view from the edge cache, with a fresh nonce each time", async () => {
  // A query the page reads makes a fresh cache key; any other is dropped (decision 027).
  const path = `/search/?q=cachetest${Date.now()}`;
  const first = await get(path);
  expect(first.status).toBe(200);
  expect(first.headers["x-page-cache"]).toBe("miss");
  // The cache is written after the response; give it a moment.
  let second = await get(path);
  for (let i = 0; i < 20 && second.headers["x-page-cache"] !== "hit"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    second = await get(path);
  }
  expect(second.headers["x-page-cache"]).toBe("hit");
  const html = second.text;
  const nonce = nonceOf(second);
  expect(nonce).toBeTruthy();
  expect(nonce).not.toBe(nonceOf(first));
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain(nonceOf(first)!);
  expect(normalized(html)).toBe(normalized(first.text));
});

it("never serves a cached page to a visitor with favourites or a session, nor with debug headers", async () => {
  const path = `/faq/?cache-test=${Date.now()}`;
  await get(path);
  await new Promise((r) => setTimeout(r, 300));
  expect((await get(path)).headers["x-page-cache"]).toBe("hit");
  expect((await get(path, { cookie: "favourites=1" })).headers["x-page-cache"]).toBeUndefined();
  expect((await get(path, { cookie: "refresh_token=abc" })).headers["x-page-cache"]).toBeUndefined();
  expect((await get(path, { "x-debug-api-delay": "1" })).headers["x-page-cache"]).toBeUndefined();
});

it("keeps no error pages", async () => {
  const path = `/no-such-page/?cache-test=${Date.now()}`;
  await get(path);
  await new Promise((r) => setTimeout(r, 300));
  const again = await get(path);
  expect(again.status).toBe(404);
  expect(again.headers["x-page-cache"]).toBeUndefined();
});

it("keeps no build files: /builds/latest.json is answered afresh, and a kept page names the deployed build", async () => {
  const latest = async () => {
    const res = await get(`/builds/latest.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-page-cache"]).toBeUndefined();
    return (JSON.parse(res.text) as { id: string }).id;
  };
  const id = await latest();
  expect(await latest()).toBe(id);

  const path = `/about/?cache-test=${Date.now()}`;
  await get(path);
  let kept = await get(path);
  for (let i = 0; i < 20 && kept.headers["x-page-cache"] !== "hit"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    kept = await get(path);
  }
  expect(kept.headers["x-page-cache"]).toBe("hit");
  expect(kept.text).toContain(`<meta name="build-id" content="${id}">`);
});
