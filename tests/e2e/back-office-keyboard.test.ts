/**
 * The back office with the keyboard alone: from `/admin/` a moderator reaches the queue through the
 * navigation, finds a listing by its number and approves it, never touching the mouse — with JavaScript
 * (in place, the status said) and without (plain form posts).
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { fileBrowser, hydrated } from "./browser.ts";
import { pendingListing } from "./listings.ts";
import { api, CSP_PRELOADS, LEFT_SCRIPTS, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA, LEFT_SCRIPTS]);

/** The focused element's accessible name as a person hears it: its label, aria-label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "";
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent;
    return (element.getAttribute("aria-label") ?? labelled ?? element.textContent ?? "").trim();
  });

/** Presses Tab until the focus is on an element of that name; fails when the page never gets there. */
async function tabTo(page: Page, name: RegExp, most = 120) {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

it.each([true, false])("a moderator approves a listing with the keyboard only (JavaScript: %s)", async (js) => {
  const owner = await open();
  const moderator = await open({ js });
  try {
    await signUp(owner.context, "Keyboard E2E");
    const id = await pendingListing(owner.context, {
      city: "beograd",
      address: "Bulevar kralja Aleksandra 73",
      lat: 44.805,
      lng: 20.478,
      description: "A bright two-room flat with a balcony over the boulevard, close to the university.",
      price: 118_000 + Math.floor(Math.random() * 1000),
    });
    await signIn(moderator.context, "admin");
    const { page } = moderator;
    await page.goto("/admin/");
    if (js) await hydrated(page);

    await tabTo(page, /^Moderation$/);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/admin/moderation/`);
    if (js) await hydrated(page);

    await tabTo(page, /^Find a listing by its number$/);
    await page.keyboard.type(String(id));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/admin/moderation/?listing=${id}`);
    if (js) await hydrated(page);

    await tabTo(page, /^Approve and publish$/);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByTestId("moderation-status").textContent(), { timeout: 15_000 })
      .toBe(`Listing No. ${id} is approved and public now.`);
    const listing = await api<{ data: { status: string } }>(owner.context, "GET", `/api/realty/${id}`);
    expect(listing.status).toBe(200);
  } finally {
    await close(owner);
    await close(moderator);
  }
});
