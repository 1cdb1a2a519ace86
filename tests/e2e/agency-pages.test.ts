/**
 * Agencies' public pages (decision 103) in Chromium: the footer leads to the directory in each language,
 * the directory to an agency's page; its listings are filtered and paged without JavaScript (plain GET
 * forms and links) and, with it, in place at the agency's own address; a listing's detail links back to
 * the agency. The seed's team agency (user 5's, with four agents) has more than a page of listings.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { ApiAgencyDirectory } from "#shared/api/agency-pages.ts";
import { fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

const LANGUAGES = [
  {
    prefix: "",
    locale: "en-GB",
    footer: "Real-estate agencies",
    heading: "Real-estate agencies",
    show: "Show listings",
    next: "Next",
  },
  {
    prefix: "/ru",
    locale: "ru-RU",
    footer: "Агентства недвижимости",
    heading: "Агентства недвижимости",
    show: "Показать объявления",
    next: "Вперёд",
  },
  {
    prefix: "/sr",
    locale: "sr-Latn-RS",
    footer: "Agencije za nekretnine",
    heading: "Agencije za nekretnine",
    show: "Prikaži oglase",
    next: "Sledeća",
  },
] as const;

/** The directory's agency with the most listings (the seed's team), its slug and name. */
let team: { slug: string; name: string };

beforeAll(async () => {
  const res = await fetch(`${baseURL}/api/agencies`);
  const { data } = (await res.json()) as { data: ApiAgencyDirectory };
  const totals = new Map<string, { name: string; listings: number }>();
  for (const city of data.cities)
    for (const agency of city.agencies) {
      const seen = totals.get(agency.slug) ?? { name: agency.name, listings: 0 };
      totals.set(agency.slug, { ...seen, listings: seen.listings + agency.listings });
    }
  const [slug, best] = [...totals].sort((a, b) => b[1].listings - a[1].listings)[0]!;
  expect(best.listings).toBeGreaterThan(24);
  team = { slug, name: best.name };
});

const cards = (page: Page) => page.locator("[data-listing-id]");
const idsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((items) => items.map((i) => i.getAttribute("data-listing-id")!));
/** The results' listings, less the "Top" block's above them (decision 067: paid placements, in turn). */
async function ids(page: Page) {
  const promoted = await idsOf(page, '[data-testid="promoted-block"] [data-listing-id]');
  return (await idsOf(page, "[data-listing-id]")).filter((id) => !promoted.includes(id));
}
/** The links of the cards' titles. */
const titleLinks = (page: Page) =>
  cards(page)
    .getByRole("heading")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));

let contexts: Awaited<ReturnType<Browser["newContext"]>>[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

it(
  "reaches an agency from the footer, filters and pages its listings without JavaScript, in every language",
  {
    timeout: 120_000,
  },
  async () => {
    for (const language of LANGUAGES) {
      const context = await browser().newContext({ baseURL, javaScriptEnabled: false, locale: language.locale });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${language.prefix}/about/`);
      await page.getByRole("contentinfo").getByRole("link", { name: language.footer }).click();
      await page.waitForURL(`${baseURL}${language.prefix}/agencies/`);
      expect(await page.locator("h1").textContent()).toBe(language.heading);

      // Its page, by the directory's link (that city's listings of it), then all of them.
      await page.getByRole("link", { name: team.name, exact: true }).first().click();
      await page.waitForURL(new RegExp(`${language.prefix}/agency/${team.slug}/\\?city=`));
      expect(await page.locator("h1").textContent()).toBe(team.name);
      await page.goto(`${language.prefix}/agency/${team.slug}/`);
      expect(await page.getByTestId("agency-licence").textContent()).toMatch(/\d/);
      expect(await page.getByTestId("agency-response").textContent()).toBeTruthy();
      const first = await ids(page);
      // A full page, less what the "Top" block above it shows.
      expect(first.length).toBeGreaterThanOrEqual(20);

      // A page of more.
      await page.getByRole("link", { name: language.next }).first().click();
      await page.waitForURL(`${baseURL}${language.prefix}/agency/${team.slug}/?page=2`);
      const second = await ids(page);
      expect(second.length).toBeGreaterThan(0);
      expect(second.filter((id) => first.includes(id))).toEqual([]);

      // A filter: sales only, at the agency's own address (the form's hidden field is not repeated).
      await page.locator('input[name="deal"][value="sale"]').check();
      await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: language.show }).click()]);
      await page.waitForURL(`${baseURL}${language.prefix}/agency/${team.slug}/?deal=sale`);
      const sales = await titleLinks(page);
      expect(sales.length).toBeGreaterThan(0);
      for (const href of sales) expect(href).toMatch(new RegExp(`^${language.prefix}/buy/`));
    }
  },
);

it(
  "filters in place with JavaScript, hydrates cleanly, and a listing's detail links back to the agency",
  {
    timeout: 60_000,
  },
  async () => {
    const context = await browser().newContext({ baseURL, locale: "en-GB", viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`/agency/${team.slug}/`);
    await hydrated(page);
    documents.length = 0;
    await page.locator('input[name="deal"][value="rent"]').check();
    await page.waitForURL(`${baseURL}/agency/${team.slug}/?deal=rent`);
    const rentals = () => titleLinks(page);
    await expect.poll(async () => (await rentals()).every((href) => href?.startsWith("/rent/"))).toBe(true);
    expect((await rentals()).length).toBeGreaterThan(0);
    // A client navigation: no document was loaded for the filter.
    expect(documents).toEqual([]);

    // The card names the agency with a link to its page; the detail too.
    const card = page.locator(`[data-listing-id="${(await ids(page))[0]}"]`).last();
    expect(await card.getByRole("link", { name: team.name }).getAttribute("href")).toBe(`/agency/${team.slug}/`);
    await card.getByRole("heading").getByRole("link").click();
    await page.waitForURL(/\/rent\/[^?]+\/\d+\/$/);
    await page.getByTestId("detail-agency-link").click();
    await page.waitForURL(`${baseURL}/agency/${team.slug}/`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(team.name);
    expect(problems).toEqual([]);
  },
);
