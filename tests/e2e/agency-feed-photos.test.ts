/**
 * Decision 102's "Photos not fetched" in Chromium: a manager's feed, served by a server this test starts on
 * loopback (the e2e server runs in development, which may fetch it and take http photos), names a photo its
 * server answers 404 for; once the import and the photos' sync ran, the agency's cabinet lists that photo —
 * its listing, address and why — in English, Russian and Serbian, without JavaScript and, after a
 * navigation in the app, with it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer } from "#tests/fixtures/yrl-feeds.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signUp, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS]);

let base = "";
const photoUrl = () => `${base}/photos/gone.jpg`;
const feedServer = createServer((req, res) => {
  if (req.url === "/feed.xml") {
    const feed = yrlFeed([yrlOffer("photo-1", { ...FLAT_FOR_SALE, image: [photoUrl()] })]);
    res.writeHead(200, { "content-type": "application/xml" }).end(feed);
  } else {
    res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  }
});
beforeAll(async () => {
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

/**
 * Each language's page: the section's heading and caption, why the photo was not fetched, and when it is
 * tried next (decision 108).
 */
const LANGUAGES = [
  [
    "/cabinet/agency/",
    "Photos not fetched",
    "Photos not fetched: 1",
    "The photo's server answered with an error (HTTP 404).",
    "at the feed's first check from ",
  ],
  [
    "/ru/cabinet/agency/",
    "Не загруженные фото",
    "Не загружено фото: 1",
    "Сервер фото ответил ошибкой (HTTP 404).",
    "при первой проверке фида после ",
  ],
  [
    "/sr/cabinet/agency/",
    "Nepreuzete fotografije",
    "Nepreuzete fotografije: 1",
    "Server fotografije je odgovorio greškom (HTTP 404).",
    "pri prvoj proveri fida od ",
  ],
] as const;

/** The section's caption and its one row's cells, once the section is there. */
async function problemsOn(page: Page) {
  const section = page.getByTestId("feed-photo-problems");
  const rows = section.locator("tbody tr");
  expect(await rows.count()).toBe(1);
  const cells = rows.first().locator("td");
  return {
    heading: await section.locator("h2").textContent(),
    caption: await section.locator("caption").textContent(),
    listing: await cells.nth(0).textContent(),
    url: await cells.nth(1).textContent(),
    why: await cells.nth(2).textContent(),
    tried: await cells.nth(3).locator("time").getAttribute("datetime"),
    next: await cells.nth(4).textContent(),
    nextAt: await cells.nth(4).locator("time").getAttribute("datetime"),
  };
}

it("lists the photo that failed, in three languages, with and without JavaScript", { timeout: 150_000 }, async () => {
  const manager = await open({ js: false });
  const withScript = await open();
  try {
    await signUp(manager.context, "Foto Manager");
    const founded = await api<{ data: { id: number } }>(manager.context, "POST", "/api/agency", {
      name: `Photos E2E ${Date.now().toString(36)}`,
      licence_number: "360-00-00125/2014-10",
    });
    expect(founded.status).toBe(201);
    expect((await api(manager.context, "POST", "/api/agency/feeds", { url: `${base}/feed.xml` })).status).toBe(201);
    const { page } = manager;
    // The check, the import and the photos' sync run on the queue, one after another.
    await expect
      .poll(
        async () => {
          await page.goto("/cabinet/agency/");
          return page.getByTestId("feed-photo-problems").count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    for (const [path, heading, caption, why, next] of LANGUAGES) {
      if (path !== "/cabinet/agency/") await page.goto(path);
      const shown = await problemsOn(page);
      expect(shown).toMatchObject({ heading, caption, url: photoUrl(), why });
      expect(shown.listing).toMatch(/^\S+ \d+: \S/);
      expect(Date.parse(shown.tried!)).toBeGreaterThan(Date.now() - 10 * 60_000);
      // The first failure is tried again an hour after it, at the feed's first check from then.
      expect(shown.next).toMatch(new RegExp(`^${next}\\S`));
      expect(Date.parse(shown.nextAt!) - Date.parse(shown.tried!)).toBe(60 * 60_000);
    }

    // With JavaScript: the same account reaches the page by the app's own navigation from the cabinet.
    await withScript.context.addCookies(await manager.context.cookies());
    const js = withScript.page;
    await js.goto("/sr/cabinet/");
    await hydrated(js);
    await js.locator('main a[href="/sr/cabinet/agency/"]').click();
    await js.getByTestId("feed-photo-problems").waitFor();
    expect(await problemsOn(js)).toEqual(await problemsOn(page));
  } finally {
    await close(manager);
    // The link's data, fetched on intent, is superseded by the click's own.
    await close(withScript, [SUPERSEDED_DATA]);
  }
});
