import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { SCROLL_POSITIONS_KEY } from "#shared/constants.ts";
import { browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

it.each(["/", "/sr/search/?city=beograd", "/ru/about/"])(
  "%s: one scroll script before the first paint, under the response's nonce, and not React Router's own",
  async (path) => {
    const res = await SELF.fetch(`${ORIGIN}${path}`, browserInit());
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")![1]!;
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*restoreScroll[^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe(` nonce="${nonce}"`);
    expect(scripts[0]![2]).toMatch(
      new RegExp(`^\\(function restoreScroll\\([\\s\\S]*\\)\\("${SCROLL_POSITIONS_KEY}"\\)$`),
    );
    expect(html).not.toContain("react-router-scroll-positions");
  },
);
