import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { browserInit, BOT_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { DEFERRED_MODULE_TYPE, PRIORITY_IMAGE_WAIT_MS } from "#worker/middleware/scripts-after-paint.ts";

/** The document as a person's browser gets it, and its CSP nonce. */
async function page(path: string, userAgent?: string) {
  const res = await SELF.fetch(
    `${ORIGIN}${path}`,
    browserInit(userAgent ? { headers: { "user-agent": userAgent } } : {}),
  );
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { html: await res.text(), nonce };
}

it.each(["/", "/ru/search/?city=beograd", "/sr/media/", "/about/"])(
  "%s: nothing asks for a script before the page has painted",
  async (path) => {
    const { html, nonce } = await page(path);
    // No preload and no module script the parser would fetch at once.
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const blocks = [
      ...html.matchAll(new RegExp(`<script([^>]*type="${DEFERRED_MODULE_TYPE}"[^>]*)>([\\s\\S]*?)</script>`, "g")),
    ];
    expect(blocks).toHaveLength(1);
    const [block, attrs, code] = blocks[0]!;
    // The router's module script, kept whole, with the preloads it replaced.
    expect(code).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);/);
    expect(code).toContain("window.__reactRouterRouteModules");
    expect(attrs).not.toContain("async");
    const preloads = /data-modulepreload="([^"]+)"/.exec(attrs!)![1]!.split(" ");
    expect(preloads.length).toBeGreaterThan(3);
    for (const href of preloads) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/);
    expect(preloads.some((href) => href.startsWith("/assets/entry.client-"))).toBe(true);

    // Right after it, the classic script that starts it, under this response's nonce, naming the
    // module it loads after the `load` event (the service worker's page side, decision 043).
    const next = html.slice(html.indexOf(block) + block.length);
    expect(next).toMatch(
      new RegExp(
        `^<script nonce="${nonce!.replace(/[+/=]/g, "\\$&")}" data-after-load="/assets/pwa-[\\w-]+\\.js">\\(function startAfterPaint\\([\\s\\S]*\\)\\(document\\.currentScript\\.previousElementSibling,document\\.currentScript,${PRIORITY_IMAGE_WAIT_MS}\\)</script>`,
      ),
    );
  },
);

it("crawlers' complete documents are held back the same way", async () => {
  const { html } = await page("/", BOT_UA);
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html.match(new RegExp(`type="${DEFERRED_MODULE_TYPE}"`, "g"))).toHaveLength(1);
});
