/**
 * Hydration formats nothing itself (decision 018): every number, date and list a page shows comes
 * from the table the server wrote into it, so the browser's locale data is not loaded before the page
 * is interactive. Intl is still there for what the table does not hold (a client navigation's new
 * prices), and gives the same texts.
 */
import { beforeAll, expect, inject, it } from "vitest";
import { LOCALES, localizePath } from "#shared/locales.ts";
import { pageSamples, type PageSamples } from "#harness/audit/pages.ts";
import { fileBrowser, hydrated, hydratedElement, pagePerTest } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const tab = pagePerTest(browser, { baseURL, locale: "en-GB" });
let samples: PageSamples;

beforeAll(async () => {
  samples = await pageSamples(baseURL);
});

/**
 * Runs before the page's own scripts: records each Intl object (but plural rules, which load no
 * locale data) and each locale-aware `toLocale…String` call the page makes.
 */
function recordIntl() {
  const made: string[] = [];
  (window as unknown as { intlMade: string[] }).intlMade = made;
  for (const name of [
    "NumberFormat",
    "DateTimeFormat",
    "RelativeTimeFormat",
    "ListFormat",
    "Collator",
    "DisplayNames",
    "Segmenter",
  ] as const) {
    const original = Intl[name] as unknown as new (...args: unknown[]) => object;
    (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        made.push(`Intl.${name}(${JSON.stringify(args)})`);
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  const localeAware: [object, string][] = [
    [Number.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"],
  ];
  for (const [proto, method] of localeAware) {
    const original = (proto as Record<string, (...args: unknown[]) => string>)[method]!;
    Object.defineProperty(proto, method, {
      value(this: unknown, ...args: unknown[]) {
        made.push(method);
        return original.apply(this, args);
      },
    });
  }
}

// Each page in one language, the languages by turns (decision 063): the table is written per language alike.
const PAGES = ["home", "search", "list", "detail", "article"] as const;
const localeOf = (type: (typeof PAGES)[number]) => LOCALES[PAGES.indexOf(type) % LOCALES.length]!.code;

it.each(PAGES.map((type) => [type, localeOf(type)] as const))(
  "hydrates the %s page (%s) without building an Intl formatter",
  async (type, locale) => {
    const paths = {
      home: "/",
      search: "/search/?deal=sale&city=beograd&rooms=2",
      list: "/rent/apartment/novi-sad/",
      detail: samples.detailPath,
      article: samples.articlePath,
    };
    const page = tab();
    await page.addInitScript(recordIntl);
    await page.goto(localizePath(paths[type], locale), { waitUntil: "networkidle" });
    await page.keyboard.press("Shift"); // starts the scripts at once (decision 015)
    await hydrated(page);
    // Streamed sections hydrate after the document is marked; give them time to.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
  },
);

it("formats what the table does not hold with Intl, as the server does", async () => {
  const page = tab();
  await page.addInitScript(recordIntl);
  const intlMade = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
  await page.goto("/search/?deal=sale&city=beograd");
  await page.keyboard.press("Shift");
  await hydrated(page);
  expect(await intlMade()).toEqual([]);
  const prices = () =>
    page
      .locator("article")
      .first()
      .getByText(/€[\d,]+/)
      .first()
      .textContent();
  const first = await prices();
  // Page 2 brings listings whose prices the first document did not show: the browser formats them. The
  // pagination is a lazy part: until its chunk has hydrated it, the link is a plain one (a new document).
  const second = page.getByRole("link", { name: /^(Page )?2$/ }).first();
  await hydratedElement(second);
  await second.click();
  await page.waitForURL(/page=2/);
  await expect.poll(prices).not.toBe(first);
  expect((await intlMade()).some((made) => made.startsWith("Intl.NumberFormat("))).toBe(true);
  const texts = await page.locator("article").allTextContents();
  expect(texts.join(" ")).toMatch(/€\d{1,3}(,\d{3})+/);
  // The same page from the server shows the same texts.
  const served = await (
    await fetch(new URL(page.url()), { headers: { "user-agent": "Mozilla/5.0 Chrome/140.0" } })
  ).text();
  for (const price of texts.join(" ").match(/€\d{1,3}(,\d{3})+/g) ?? []) expect(served).toContain(price);
});
