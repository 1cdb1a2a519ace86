/**
 * Decision 100 in Chromium, without JavaScript (plain form posts): a manager founds an agency, is refused a
 * feed address that cannot be fetched (the field's message), adds a YRL feed served by a server this test
 * starts on loopback (the e2e server runs in development, which may fetch it), and reads its first run's
 * report — offers read and valid, the listings created from them (decision 101), and the refused offers with
 * their internal-id, line and reason — in English, Russian and Serbian; then removes the feed.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer } from "#tests/fixtures/yrl-feeds.ts";
import { fileBrowser } from "./browser.ts";
import { sessions, signUp, CSP_PRELOADS } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS]);

const location = FLAT_FOR_SALE.location as Record<string, string>;
const FEED = yrlFeed([
  yrlOffer("flat-1"),
  yrlOffer("flat-2"),
  yrlOffer("nowhere-7", { ...FLAT_FOR_SALE, location: { ...location, "locality-name": "Атлантида" } }),
]);
const feedServer = createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/xml", etag: '"e2e-1"' }).end(FEED);
});
let feedUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
});
afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

const submit = async (page: Page, name: string) => {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name }).click()]);
};

it("adds a feed and reads its run's report in three languages", { timeout: 120_000 }, async () => {
  const manager = await open({ js: false });
  try {
    await signUp(manager.context, "Mila Manager");
    const { page } = manager;
    await page.goto("/cabinet/agency/");
    await page.getByLabel("Agency name").fill(`Feeds E2E ${Date.now().toString(36)}`);
    await page.getByLabel("Number in the register of brokers").fill("360-00-00123/2014-10");
    await submit(page, "Found the agency");
    await expect.poll(() => page.getByTestId("agency-done").textContent()).toContain("Your agency is founded");
    expect(await page.getByTestId("agency-feeds").textContent()).toBe("");

    // An address that is no feed's: refused in place, in the field's words.
    await page.getByLabel("The feed's address").fill("ftp://feeds.example.rs/feed.xml");
    await submit(page, "Add the feed");
    await expect.poll(() => page.locator("main").textContent()).toContain("Only http and https addresses");
    await expect.poll(() => page.getByLabel("The feed's address").inputValue()).toBe("ftp://feeds.example.rs/feed.xml");

    await page.getByLabel("The feed's address").fill(feedUrl);
    await submit(page, "Add the feed");
    await expect.poll(() => page.getByTestId("agency-done").textContent()).toContain("The feed is added");
    const feeds = page.getByTestId("agency-feeds");
    expect(await feeds.textContent()).toContain(feedUrl);
    // The first check and its import run on the queue: the whole report is there within seconds.
    await expect
      .poll(
        async () => {
          await page.goto("/cabinet/agency/");
          const written = page.getByTestId("feed-written");
          return (await written.count()) ? written.textContent() : null;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe("Listings created: 2; updated: 0; archived: 0; unchanged: 0.");
    expect(await page.getByTestId("feed-run").count()).toBe(1);
    expect(await page.getByTestId("feed-run").getAttribute("data-outcome")).toBe("fetched");
    expect(await page.getByTestId("feed-counts").textContent()).toBe("Offers read: 3; valid: 2; refused: 1.");
    const row = page.getByTestId("feed-refusals").locator("tbody tr");
    expect(await row.count()).toBe(1);
    expect(await row.locator("td").nth(0).textContent()).toBe("nowhere-7");
    expect(Number(await row.locator("td").nth(1).textContent())).toBeGreaterThan(3);
    expect(await row.locator("td").nth(2).textContent()).toContain("is not a city or district of Serbia");

    await page.goto("/ru/cabinet/agency/");
    await expect
      .poll(() => page.getByTestId("feed-counts").textContent())
      .toBe("Прочитано предложений: 3; годных: 2; отклонено: 1.");
    expect(await page.getByTestId("feed-refusals").textContent()).toContain("не найдено среди городов");
    expect(await page.getByTestId("feed-run").textContent()).toContain("фид прочитан");
    expect(await page.getByTestId("feed-written").textContent()).toBe(
      "Объявлений создано: 2; обновлено: 0; в архиве: 0; без изменений: 0.",
    );

    await page.goto("/sr/cabinet/agency/");
    await expect
      .poll(() => page.getByTestId("feed-counts").textContent())
      .toBe("Pročitano ponuda: 3; ispravnih: 2; odbijenih: 1.");
    expect(await page.getByTestId("feed-refusals").textContent()).toContain("nije grad ni deo grada");
    expect(await page.getByTestId("feed-written").textContent()).toBe(
      "Oglasa napravljeno: 2; izmenjeno: 0; arhivirano: 0; bez izmena: 0.",
    );
    await submit(page, "Ukloni fid");
    await expect.poll(() => page.getByTestId("agency-done").textContent()).toContain("Fid je uklonjen");
    expect(await page.getByTestId("agency-feeds").locator("li").count()).toBe(0);
  } finally {
    await close(manager, [/status of 400/]);
  }
});
