/**
 * Trust in numbers (decision 089) in a real browser: reached from the footer in each language, its four
 * figures shown with what they mean, with and without JavaScript.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

const LANGUAGES = [
  { prefix: "", locale: "en-GB", link: "Trust in numbers", notEnough: "Not enough data yet", asOf: "As of" },
  {
    prefix: "/ru",
    locale: "ru-RU",
    link: "Доверие в цифрах",
    notEnough: "Пока недостаточно данных",
    asOf: "Данные на",
  },
  {
    prefix: "/sr",
    locale: "sr-Latn-RS",
    link: "Poverenje u brojkama",
    notEnough: "Još nema dovoljno podataka",
    asOf: "Stanje na dan",
  },
] as const;

/** The page's four figures: each term and its first description (the value, or "not enough data yet"). */
async function figuresOf(page: Page) {
  const groups = page.locator("main dl > div");
  await expect.poll(() => groups.count()).toBe(4);
  const figures: { term: string; value: string }[] = [];
  for (const group of await groups.all()) {
    figures.push({
      term: (await group.locator("dt").textContent())!.trim(),
      value: (await group.locator("dd").first().textContent())!.trim(),
    });
  }
  return figures;
}

it("is reached from the footer in every language and shows its figures without JavaScript", async () => {
  for (const language of LANGUAGES) {
    const context = await browser().newContext({ baseURL, javaScriptEnabled: false, locale: language.locale });
    const page = await context.newPage();
    await page.goto(`${language.prefix}/about/`);
    await page.getByRole("contentinfo").getByRole("link", { name: language.link }).click();
    await page.waitForURL(`${baseURL}${language.prefix}/trust/`);
    expect(await page.locator("h1").textContent()).toBe(language.link);
    const figures = await figuresOf(page);
    for (const { term, value } of figures) {
      expect(term.length, language.prefix).toBeGreaterThan(10);
      // A number (a share, days, a count, hours), or the plain note that there is too little data for one.
      expect(value === language.notEnough || /\d/.test(value), `${term}: ${value}`).toBe(true);
    }
    // The count of take-downs is a fact at any size: always a number.
    expect(figures[2]!.value).toMatch(/^\d+$/);
    expect(await page.locator("main").textContent()).toContain(language.asOf);
    await context.close();
  }
});

it("hydrates without a mismatch and fits a 320 px screen", async () => {
  const context = await browser().newContext({ baseURL, locale: "en-GB", viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto("/trust/");
  await hydrated(page);
  expect(await figuresOf(page)).toHaveLength(4);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
  expect(problems).toEqual([]);
});
