import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

it("every page has a CSP whose nonce is the one on every inline script", async () => {
  const res = await SELF.fetch(`${ORIGIN}/`, browserInit());
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const html = await res.text();
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
});

it("each response gets a fresh nonce", async () => {
  const a = (await SELF.fetch(`${ORIGIN}/about/`, browserInit())).headers.get("content-security-policy");
  const b = (await SELF.fetch(`${ORIGIN}/about/`, browserInit())).headers.get("content-security-policy");
  expect(a).not.toBe(b);
});

it("redirects and API answers carry the headers too", async () => {
  const redirect = await SELF.fetch(`${ORIGIN}/about`, browserInit());
  expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
  const api = await SELF.fetch(`${ORIGIN}/api/cities`, browserInit());
  expect(api.headers.get("x-frame-options")).toBe("DENY");
});
