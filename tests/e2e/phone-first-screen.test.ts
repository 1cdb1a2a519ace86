/**
 * The phone's first screen, measured in Chromium at 390×844 in en, ru and sr: the header is
 * one row with nothing cut off (the sections in its menu); a list page shows its first result card — photo
 * and price — without scrolling; "Show listings" closes the filter panel with the results in view; a
 * listing shows its first photo and price above the contact bar ("Show phone", "Message"); the
 * "Ready to work offline" notice stands clear of the bar and the header. Without JavaScript the menu, the
 * bar and the panel work as plain HTML. At 1280×800 the header is still one row, signed in as staff too,
 * and the bar is not there. Axe checks the phone pages.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { Locale } from "#shared/locales.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { texts } from "./pwa.ts";
import { api, CSP_PRELOADS, LEFT_SCRIPTS, sessions, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [SUPERSEDED_DATA, LEFT_SCRIPTS]);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LOCALES: { locale: Locale; prefix: string }[] = [
  { locale: "en", prefix: "" },
  { locale: "ru", prefix: "/ru" },
  { locale: "sr", prefix: "/sr" },
];

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (page: Page, selector: string): Promise<Box | null> =>
  page.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element || !element.getClientRects().length) return null;
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  }, selector);

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The header as laid out: its height, the page's sideways scroll, and every control it shows — each must sit
 * in the bar's one row, inside the screen, beside (never over) the others.
 */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("body > header")!;
    const bar = header.querySelector(":scope > div")!.getBoundingClientRect();
    const shown = [...header.querySelectorAll<HTMLElement>(":scope > div a, :scope > div summary, :scope > div button")]
      .filter((element) => element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
      .filter((element) => element.getBoundingClientRect().width > 1);
    const rects = shown.map((element) => ({
      name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "",
      rect: element.getBoundingClientRect(),
    }));
    const outside = rects
      .filter(({ rect }) => rect.left < 0 || rect.right > innerWidth || rect.top < bar.top || rect.bottom > bar.bottom)
      .map(({ name }) => name);
    const overlapping: string[] = [];
    rects.forEach((a, i) =>
      rects.slice(i + 1).forEach((b) => {
        const nested = shown[i]!.contains(shown[rects.indexOf(b)]!) || shown[rects.indexOf(b)]!.contains(shown[i]!);
        if (
          !nested &&
          a.rect.left < b.rect.right - 1 &&
          b.rect.left < a.rect.right - 1 &&
          a.rect.top < b.rect.bottom - 1 &&
          b.rect.top < a.rect.bottom - 1
        )
          overlapping.push(`${a.name} / ${b.name}`);
      }),
    );
    return {
      height: header.getBoundingClientRect().height,
      controls: rects.length,
      outside,
      overlapping,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

/** The first result card's photo and price, as the screen shows them. */
const firstCard = async (page: Page) => ({
  photo: await boxOf(page, "main li[data-listing-id] article img"),
  price: await boxOf(page, "main li[data-listing-id] article p strong"),
});

it(
  "at 390×844 in en, ru and sr: one-row header, the first result and a listing's photo and price on the first screen, the panel closing on Show listings, notices clear of the bar",
  { timeout: 180_000 },
  async () => {
    for (const { locale, prefix } of LOCALES) {
      const { t } = texts(locale);
      const visitor = await open({ locale });
      const { page } = visitor;
      try {
        await page.setViewportSize(PHONE);
        // A listing first: the offline notice of a first visit comes on it.
        // One with photos: other files' listings posted without any come first among the newest.
        const found = await api<{ items: { path: string; image: unknown }[] }>(
          visitor.context,
          "GET",
          "/api/realty/search?deal=sale&per_page=20",
        );
        await page.goto(`${prefix}${found.body.items.find((item) => item.image)!.path}`);
        await hydrated(page);

        // Its first photo and price above the contact bar, which offers the owner block's actions.
        const bar = await boxOf(page, '[data-testid="contact-bar"]');
        expect(bar, `${locale}: the contact bar`).not.toBeNull();
        expect(bar!.bottom).toBeCloseTo(PHONE.height, 0);
        const barRegion = page.getByRole("group", { name: t("phone.bar.label") });
        expect(await barRegion.getByRole("link", { name: t("phone.bar.showPhone") }).count()).toBe(1);
        expect(await barRegion.getByRole("link", { name: t("phone.bar.message") }).count()).toBe(1);
        const photo = await boxOf(page, '[data-testid="listing-detail"] img');
        const price = await boxOf(page, '[data-testid="detail-price"]');
        expect(photo!.bottom, `${locale}: the listing's first photo`).toBeLessThanOrEqual(bar!.top);
        expect(price!.bottom, `${locale}: the listing's price`).toBeLessThanOrEqual(bar!.top);
        expect(await headerLayout(page), locale).toMatchObject({ outside: [], overlapping: [], sideways: 0 });

        // The offline notice of this first visit: above the bar, under nothing of the header, closable.
        const notice = page.locator('[data-notice="offline-ready"]');
        await notice.waitFor({ timeout: 30_000 });
        const noticeBox = (await notice.boundingBox())!;
        const shown = {
          top: noticeBox.y,
          bottom: noticeBox.y + noticeBox.height,
          left: noticeBox.x,
          right: noticeBox.x + noticeBox.width,
        };
        expect(overlaps(shown, (await boxOf(page, '[data-testid="contact-bar"]'))!), `${locale}: notice / bar`).toBe(
          false,
        );
        expect(overlaps(shown, (await boxOf(page, "body > header"))!), `${locale}: notice / header`).toBe(false);
        expect(shown.right).toBeLessThanOrEqual(PHONE.width);
        expect(describeViolations(await runAxe(page)), `${locale} listing page`).toEqual([]);
        await notice.getByRole("button").click();
        expect(await notice.count()).toBe(0);

        // A list page. The header: one row (the logo, the menu button, "+" and sign-in), nothing cut off.
        await page.goto(`${prefix}/buy/apartment/`);
        await hydrated(page);
        const header = await headerLayout(page);
        expect(header, locale).toMatchObject({ outside: [], overlapping: [], sideways: 0 });
        expect(header.height, locale).toBeLessThanOrEqual(64);
        expect(header.controls, locale).toBeGreaterThanOrEqual(4);
        // The sections and languages are in the menu, which opens over the page and closes with Escape.
        await page.locator('[data-testid="header-menu"] > summary').click();
        await page.getByRole("link", { name: t("nav.favourites") }).waitFor();
        expect(await page.getByRole("navigation", { name: t("nav.main") }).isVisible()).toBe(true);
        expect(describeViolations(await runAxe(page)), `${locale} with the menu open`).toEqual([]);
        await page.keyboard.press("Escape");
        expect(await page.locator('[data-testid="header-menu"]').getAttribute("open")).toBeNull();

        // The first result, photo and price, without scrolling.
        const card = await firstCard(page);
        expect(card.photo, locale).not.toBeNull();
        expect(card.photo!.bottom, `${locale}: the first card's photo`).toBeLessThanOrEqual(PHONE.height);
        expect(card.price!.bottom, `${locale}: the first card's price`).toBeLessThanOrEqual(PHONE.height);
        expect(describeViolations(await runAxe(page)), `${locale} list page`).toEqual([]);

        // "Show listings": the panel closes and the results are in view.
        const panel = page.locator("main details").first();
        await panel.locator(":scope > summary").click();
        expect(await panel.getAttribute("open")).not.toBeNull();
        await page.getByRole("button", { name: t("search.submit") }).click();
        await expect.poll(() => panel.getAttribute("open")).toBeNull();
        await page.waitForLoadState("networkidle");
        const after = await firstCard(page);
        expect(after.photo!.top, `${locale}: the results after Show listings`).toBeGreaterThanOrEqual(0);
        expect(after.price!.bottom, `${locale}: the results after Show listings`).toBeLessThanOrEqual(PHONE.height);
      } finally {
        await close(visitor);
      }
    }
  },
);

it(
  "without JavaScript at 390×844: the menu, the filter panel and the contact bar work as plain HTML",
  { timeout: 60_000 },
  async () => {
    const visitor = await open({ js: false, locale: "sr" });
    const { page } = visitor;
    const { t } = texts("sr");
    try {
      await page.setViewportSize(PHONE);
      await page.goto("/sr/buy/apartment/");
      await page.locator('[data-testid="header-menu"] > summary').click();
      expect(await page.getByRole("link", { name: t("nav.favourites") }).isVisible()).toBe(true);
      await page.locator('[data-testid="header-menu"] > summary').click();

      const panel = page.locator("main details").first();
      await panel.locator(":scope > summary").click();
      await page.getByRole("button", { name: t("search.submit") }).click();
      await page.waitForLoadState("load");
      expect(await page.locator("main details").first().getAttribute("open")).toBeNull();
      expect((await firstCard(page)).price!.bottom).toBeLessThanOrEqual(PHONE.height);

      const href = await page.locator("main li[data-listing-id] article h3 a").first().getAttribute("href");
      await page.goto(href!);
      const bar = page.getByRole("group", { name: t("phone.bar.label") });
      await bar.getByRole("link", { name: t("phone.bar.showPhone") }).click();
      // Signed out: to sign in first, and back to the listing after.
      expect(new URL(page.url()).searchParams.get("auth")).toBe("signin");
    } finally {
      await close(visitor, [CSP_PRELOADS]);
    }
  },
);

it(
  "at 1280×800 in en, ru and sr the header stays one row, for staff too, and the listing has no contact bar",
  { timeout: 120_000 },
  async () => {
    const admin = DEV_ACCOUNTS.find((account) => account.role === "admin")!;
    for (const signedIn of [false, true]) {
      const visitor = await open();
      const { page, context } = visitor;
      try {
        await page.setViewportSize(DESKTOP);
        if (signedIn) {
          const login = await api(context, "POST", "/api/auth/login", { login: admin.email, password: admin.password });
          expect(login.status).toBe(200);
        }
        for (const { locale, prefix } of LOCALES) {
          await page.goto(`${prefix}/buy/apartment/`);
          await hydrated(page);
          const header = await headerLayout(page);
          expect(header, `${locale}${signedIn ? " as staff" : ""}`).toMatchObject({
            outside: [],
            overlapping: [],
            sideways: 0,
          });
          expect(header.height).toBeLessThanOrEqual(64);
          // The sections show in the row: the menu's button is not there.
          expect(await page.locator('[data-testid="header-menu"] > summary').isVisible()).toBe(false);
          expect(await page.getByRole("navigation", { name: texts(locale).t("nav.main") }).isVisible()).toBe(true);
        }
        const href = await page.locator("main li[data-listing-id] article h3 a").first().getAttribute("href");
        await page.goto(href!);
        await hydrated(page);
        expect(await page.locator('[data-testid="contact-bar"]').isVisible()).toBe(false);
        expect(describeViolations(await runAxe(page))).toEqual([]);
      } finally {
        await close(visitor);
      }
    }
  },
);
