/**
 * A visitor's whole path — home search → list with a filter → page 2 → a listing → its
 * gallery → favourite → /favourites/ → a media article — in each language, with JavaScript and
 * without it. Texts are checked against the language's own messages (plural forms included).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeIntl } from "#shared/intl.ts";
import { localizePath, type Locale } from "#shared/locales.ts";
import { textsFor } from "#shared/text-catalog.ts";
import { closeWatched, fileBrowser, hydrated, watchProblems } from "./browser.ts";
import { SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

const LOCALES: Locale[] = ["en", "ru", "sr"];

describe.each(LOCALES.flatMap((locale) => [true, false].map((javaScript) => ({ locale, javaScript }))))(
  "the visitor path in $locale, JavaScript $javaScript",
  ({ locale, javaScript }) => {
    const intl = makeIntl(locale, textsFor(locale));
    const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const lp = (path: string) => localizePath(path, locale);
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    let documents: number;

    /** The page is in the visitor's language: `lang`, and the site name of its title. */
    async function inLanguage() {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await page.title()).toContain(t("site.name"));
    }
    /** A form submitted or a link followed: with JavaScript in place, without it by a new document. */
    async function settle() {
      if (javaScript) await hydrated(page);
    }

    beforeAll(async () => {
      context = await browser().newContext({ baseURL, locale: "en-GB", javaScriptEnabled: javaScript });
      page = await context.newPage();
      problems = watchProblems(page);
      documents = 0;
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents++;
      });
    });
    afterAll(async () => {
      await closeWatched(context);
      // Without JavaScript Chromium refuses the module preloads (reported as "csp"); a document left at
      // once drops its favicon request. None of these is a failure of the page.
      const benign = (p: string) =>
        /^requestfailed: \S+\/favicon\.svg net::ERR_ABORTED$/.test(p) ||
        (!javaScript && /^requestfailed: \S+\.js csp$/.test(p)) ||
        // A revalidation React Router supersedes (after the favourite's post) is aborted by the browser.
        SUPERSEDED_DATA.test(p);
      expect(problems.filter((p) => !benign(p))).toEqual([]);
    });

    // A dozen navigations: the first walk also meets cold caches while the rest of the suite runs.
    it("walks from the home search to a media article", { timeout: 90_000 }, async () => {
      // Home: the search entry leads to the list address.
      await page.goto(lp("/"));
      await settle();
      await inLanguage();
      await page.locator("#home-type").selectOption("4");
      await page.locator("#home-where").fill("Beograd");
      await page.locator("#home-price-max").fill("400000");
      await page.locator("form:has(#home-type) button[type=submit]").click();
      const list = lp("/buy/apartment/beograd/");
      await page.waitForURL(`${baseURL}${list}?price_max=400000`);
      await settle();
      await inLanguage();

      // A filter: with JavaScript it applies at once, without it by the form's button.
      const docsOnList = documents;
      await page.locator('label:has(input[name="rooms"][value="2"])').click();
      if (!javaScript) await page.locator("#search-filters button[type=submit]").click();
      await page.waitForURL(`${baseURL}${list}?price_max=400000&rooms=2`);
      const countText = (await page.locator("#results-count").textContent())!;
      const total = Number(countText.replace(/\D/g, ""));
      expect(total).toBeGreaterThan(24);
      expect(countText).toBe(t("search.count", { count: total }));

      // Page 2 by its crawlable link.
      const pager = page.locator(`nav[aria-label="${t("search.pagination")}"]`);
      // With JavaScript the address changes before the filtered list has rendered its pager.
      await expect.poll(() => pager.locator('a[rel="next"]').getAttribute("href")).toContain("rooms=2");
      await pager.locator('a[rel="next"]').click();
      await page.waitForURL(`${baseURL}${list}?price_max=400000&rooms=2&page=2`);
      await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe(intl.formatNumber(2));
      if (javaScript) expect(documents).toBe(docsOnList);

      // A listing from page 2 with a gallery to page through (other files add ones without photos).
      const photoCounts = Array.from({ length: 19 }, (_, n) => t("card.photos", { count: n + 2 }));
      const card = page
        .locator("article")
        .filter({ hasText: new RegExp(photoCounts.join("|")) })
        .locator('a[href*="/buy/apartment/beograd/"]')
        .first();
      const href = (await card.getAttribute("href"))!;
      const id = /\/(\d+)\/$/.exec(href)![1]!;
      await card.click();
      await page.waitForURL(`${baseURL}${href}`);
      await settle();
      await inLanguage();
      expect(await page.locator("h1").textContent()).toBeTruthy();

      // The gallery: arrows with JavaScript, thumbnail links without.
      const photos = await page.locator('[data-testid="gallery-frame"] img').count();
      expect(photos).toBeGreaterThan(1);
      if (javaScript) {
        await page
          .getByRole("button", { name: t("detail.gallery.next") })
          .first()
          .click();
        await expect
          .poll(() => page.getByTestId("gallery-counter").textContent())
          .toBe(t("detail.gallery.counter", { n: 2, count: photos }));
      } else {
        await page.getByRole("link", { name: t("detail.gallery.show", { n: 2, count: photos }) }).click();
        await expect.poll(() => page.getByTestId("gallery-frame").evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }

      // Favourite it: a form post that works both ways.
      const favourite = page.locator(`form:has(input[name="id"][value="${id}"]) button[aria-pressed]`).first();
      expect(await favourite.getAttribute("aria-pressed")).toBe("false");
      // The button shows the new state while the post is under way: leaving before it answers would abort it,
      // and with JavaScript the page's data is reloaded after it (React Router's revalidation), which too.
      const posted = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(lp("/favourites/")),
      );
      const revalidated = javaScript
        ? page.waitForResponse(
            (response) => response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data"),
          )
        : null;
      await favourite.click();
      await posted;
      await revalidated;
      await expect
        .poll(() =>
          page
            .locator(`form:has(input[name="id"][value="${id}"]) button[aria-pressed]`)
            .first()
            .getAttribute("aria-pressed"),
        )
        .toBe("true");
      await page.waitForLoadState("networkidle");

      // The favourites page has it, rendered by the server.
      await page.goto(lp("/favourites/"));
      await settle();
      await inLanguage();
      expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);

      // The media section and one of its articles.
      await page.goto(lp("/media/"));
      await settle();
      await inLanguage();
      const article = page.locator('main article a[href*="/media/"]').first();
      const articleHref = (await article.getAttribute("href"))!;
      await article.click();
      await page.waitForURL(`${baseURL}${articleHref}`);
      await settle();
      await inLanguage();
      // With JavaScript the address changes before the article has rendered.
      const ld = page.locator('script[type="application/ld+json"]');
      await expect
        .poll(async () => (await ld.allTextContents()).some((text) => JSON.parse(text)["@type"] === "Article"))
        .toBe(true);
    });
  },
);
