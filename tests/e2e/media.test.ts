import type { Page } from "playwright-core";
import { beforeEach, expect, inject, it } from "vitest";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
// A refused question is answered 400 on purpose (the same answer a form post without JavaScript
// gets); the browser logs that response, and nothing else may go wrong.
const tab = pagePerTest(browser, { baseURL, locale: "en-GB" }, [/status of 400/]);
let page: Page;
let documents: string[];

beforeEach(() => {
  page = tab();
  documents = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
});

const h1 = (p: Page) => p.locator("h1").first().textContent();

it("walks from the media index to a topic, an article and a related article without reloading", async () => {
  await page.goto("/media/");
  await hydrated(page);
  expect(await h1(page)).toBe("Media");

  await page.getByRole("navigation", { name: "Topics" }).getByRole("link", { name: "Buying" }).click();
  await page.waitForURL(`${baseURL}/media/buying/`);
  await expect.poll(() => h1(page)).toBe("Media: Buying");
  expect(await page.title()).toContain("Media: Buying");

  // The first article on the topic's first page that has related articles.
  const list = (await (await fetch(`${baseURL}/api/article?tag=buying&per_page=12`)).json()) as {
    items: { slug: string; tag_path: string[]; title: string }[];
  };
  let target: (typeof list.items)[number] | undefined;
  for (const item of list.items) {
    const detail = (await (await fetch(`${baseURL}/api/article/${item.slug}`)).json()) as {
      data: { related: unknown[] };
    };
    if (detail.data.related.length) {
      target = item;
      break;
    }
  }
  expect(target).toBeDefined();
  const href = `/media/${[...target!.tag_path, target!.slug].join("/")}/`;
  await page.locator(`main article h3 a[href="${href}"]`).click();
  await page.waitForURL(`${baseURL}${href}`);
  await expect.poll(() => h1(page)).toBe(target!.title);
  expect(await page.locator("main article time").first().getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
  const hero = page.locator("main article img").first();
  expect(await hero.getAttribute("width")).toBe("1200");
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  expect(await crumbs.getByRole("link", { name: "Buying" }).getAttribute("href")).toBe("/media/buying/");

  const related = page.locator('section[aria-labelledby="related-articles"] h3 a').first();
  const relatedTitle = (await related.textContent())!;
  const relatedHref = (await related.getAttribute("href"))!;
  await related.click();
  await page.waitForURL(`${baseURL}${relatedHref}`);
  await expect.poll(() => h1(page)).toBe(relatedTitle);
  expect(await page.title()).toContain(relatedTitle);

  expect(documents).toHaveLength(1);
});

it("pages through the media index with plain links", async () => {
  await page.goto("/media/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await page.waitForURL(`${baseURL}/media/?page=2`);
  await expect.poll(() => page.locator('[aria-current="page"]', { hasText: "2" }).count()).toBe(1);
});

it("sends a question with JavaScript, showing the server's field errors first", async () => {
  await page.goto("/faq/");
  await hydrated(page);
  await page.getByLabel("Your name", { exact: true }).fill("   ");
  await page.getByLabel("E-mail", { exact: true }).fill("e2e.js@example.rs");
  await page.getByLabel("Question", { exact: true }).fill("How long does moderation of a new listing take?");
  await page.getByRole("button", { name: "Send question" }).click();
  await expect.poll(() => page.locator("#feedback-name-error").textContent()).toBe("Fill in this field.");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("feedback-name");
  expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("e2e.js@example.rs");

  await page.getByLabel("Your name", { exact: true }).fill("Jovana");
  await page.getByRole("button", { name: "Send question" }).click();
  await page.waitForURL(`${baseURL}/thank-you/?sent=question`);
  await expect.poll(() => page.getByRole("status").textContent()).toContain("Your question has been sent.");
  expect(documents).toHaveLength(1);
});

it("sends a question without JavaScript", async () => {
  const noJs = await browser().newContext({ baseURL, javaScriptEnabled: false, locale: "en-GB" });
  const plain = await noJs.newPage();
  // Without JavaScript the page's module scripts are refused on purpose; only page errors count.
  const pageErrors: string[] = [];
  plain.on("pageerror", (error) => pageErrors.push(error.message));
  try {
    await plain.goto("/sr/about/");
    await plain.getByLabel("Vaše ime", { exact: true }).fill("   ");
    await plain.getByLabel("E-pošta", { exact: true }).fill("e2e.nojs@example.rs");
    await plain.getByLabel("Pitanje", { exact: true }).fill("Da li mogu da oglasim stan koji izdajem?");
    await Promise.all([plain.waitForEvent("load"), plain.getByRole("button", { name: "Pošalji pitanje" }).click()]);
    expect(await plain.locator("#feedback-name-error").textContent()).toBe("Popunite ovo polje.");
    expect(await plain.getByLabel("Pitanje", { exact: true }).inputValue()).toBe(
      "Da li mogu da oglasim stan koji izdajem?",
    );

    await plain.getByLabel("Vaše ime", { exact: true }).fill("Marko");
    await plain.getByRole("button", { name: "Pošalji pitanje" }).click();
    await plain.waitForURL(`${baseURL}/sr/thank-you/?sent=question`);
    expect(await plain.getByRole("status").textContent()).toContain("Vaše pitanje je poslato.");
    expect(pageErrors).toEqual([]);
  } finally {
    await noJs.close();
  }
});
