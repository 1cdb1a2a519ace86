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
