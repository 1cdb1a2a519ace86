import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";

it("writes a page's own stylesheets into its head and keeps their links from holding the first paint", async () => {
  const html = await (await SELF.fetch(`${ORIGIN}/about/`, { headers: { "user-agent": BROWSER_UA } })).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const href = /href="([^"#?]+)/.exec(link)![1]!;
    expect(link, href).toContain('media="print"');
    const css = await (await env.ASSETS.fetch(`${ORIGIN}${href}`)).text();
    // The same text, placed just before its link.
    expect(head, href).toContain(`<style data-href="${href}">${css}</style>${link}`);
  }
});

/** The stylesheet text a page carries in its head. */
function headStyles(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<style data-href="[^"]+">([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
}

// Decision 017: lazily loaded screens the server renders carry their stylesheets in the HTML.
it.each([
  ["the 404 screen", "/no-such-page/", /<section[^>]*class="([^"\s]+)"[^>]*aria-labelledby="error-heading"/, 404],
  ["the sign-in dialog", "/?auth=signin", /<dialog[^>]*class="([^"\s]+)"/, 200],
  ["the registration dialog in ru", "/ru/about/?auth=register", /<dialog[^>]*class="([^"\s]+)"/, 200],
])("%s is styled by the page itself, before any script runs", async (_name, path, rootElement, status) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER_UA } });
  expect(res.status).toBe(status);
  const html = await res.text();
  const className = rootElement.exec(html)?.[1];
  expect(className, "the screen's root element and its class").toBeTruthy();
  expect(headStyles(html)).toContain(`.${className}{`);
});

it("a page without those screens carries none of their stylesheets", async () => {
  const html = await (await SELF.fetch(`${ORIGIN}/about/`, { headers: { "user-agent": BROWSER_UA } })).text();
  expect(html).not.toContain('data-precedence="lazy"');
});
