/**
 * Each page carries the numbers, dates and lists it shows, as the server formatted them, in one JSON
 * data block before `</body>` (decision 018): what the browser's formatters read while hydrating.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FORMATTED_TEXTS_ID, type FormattedTextsData } from "#shared/formatted-texts-protocol.ts";
import { BOT_UA, browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

async function page(path: string, init?: RequestInit & { headers?: Record<string, string> }) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, browserInit(init));
  return { res, html: await res.text() };
}

const BLOCK = new RegExp(
  `<script type="application/json" id="${FORMATTED_TEXTS_ID}" nonce="[^"]+">([^<]*)</script>`,
  "g",
);

function table(html: string): FormattedTextsData {
  const blocks = [...html.matchAll(BLOCK)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as FormattedTextsData;
}

/** The visible text of the document's `<body>` (tags and comments out). */
function bodyText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ");
}

describe("the table of formatted texts", () => {
  it.each([
    ["/search/?deal=sale&city=beograd", "en-GB"],
    ["/ru/buy/apartment/beograd/", "ru-RU"],
    ["/sr/", "sr-Latn-RS"],
  ])("%s: every price on the page is in it, in the page's language, just before </body>", async (path, locale) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    const data = table(html);
    expect(data.locale).toBe(locale);
    const prices = Object.entries(data.texts).find(([formatter]) => formatter.includes('"currency":"EUR"'))?.[1];
    expect(Object.keys(prices ?? {}).length).toBeGreaterThan(3);
    const text = bodyText(html);
    for (const [input, formatted] of Object.entries(prices!)) {
      expect(JSON.parse(input)).toEqual([expect.any(Number)]);
      expect(text).toContain(formatted);
    }
    expect(html).toMatch(new RegExp(`</script></body></html>$`));
    expect(html.lastIndexOf(`id="${FORMATTED_TEXTS_ID}"`)).toBeGreaterThan(html.lastIndexOf("<script nonce"));
  });

  it("holds dates as the listing page shows them", async () => {
    const search = (await (await SELF.fetch(`${ORIGIN}/api/realty/search?deal=sale&per_page=1`)).json()) as {
      items: { path: string }[];
    };
    const { html } = await page(new URL(search.items[0]!.path, ORIGIN).pathname);
    const dates = Object.entries(table(html).texts).filter(([formatter]) => formatter.startsWith("d"));
    expect(dates.length).toBeGreaterThan(0);
    for (const [, texts] of dates) for (const text of Object.values(texts!)) expect(bodyText(html)).toContain(text);
  });

  it("is in crawlers' complete documents too, and in no other response", async () => {
    expect(table((await page("/buy/apartment/beograd/", { headers: { "user-agent": BOT_UA } })).html).locale).toBe(
      "en-GB",
    );
    const api = await SELF.fetch(`${ORIGIN}/api/realty/search?city=beograd`);
    expect(await api.text()).not.toContain(FORMATTED_TEXTS_ID);
    const data = await SELF.fetch(`${ORIGIN}/search/_.data?city=beograd`, browserInit());
    expect(await data.text()).not.toContain(FORMATTED_TEXTS_ID);
  });

  it("a page that formats nothing carries no table", async () => {
    const { html } = await page("/thank-you/");
    expect(html).not.toContain(FORMATTED_TEXTS_ID);
  });
});
