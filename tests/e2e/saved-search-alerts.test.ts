/**
 * The Chromium test of the whole alert: a guest saves a search, signs up with an e-mail address,
 * finds the search in the cabinet and turns its alerts on; a new listing matching it is approved; the Cron
 * Trigger's handler runs; the outbox holds the digest (the listing, its link, RFC 8058 headers); the digest's
 * unsubscribe link — opened without JavaScript and without signing in, as from a mail client — stops the alerts,
 * and the next matching listing is e-mailed to nobody.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { OutboxItem } from "#shared/api/auth.ts";
import type { SavedSearch } from "#shared/api/saved-searches.ts";
import { fileBrowser, hydrated, hydratedElement } from "./browser.ts";
import { publicListing } from "./listings.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp, signUpByEmail, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const baseURL = inject("baseURL");
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

/** A word no listing has, so the search finds only this run's listings. */
const word = () => `obavestenje${Math.random().toString(36).slice(2, 8).replace(/\d/g, "q")}`;

/** Runs the Worker's Cron Trigger handler (the test build is served with `--test-scheduled`). */
async function runScheduled() {
  expect((await fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*`)).status).toBe(200);
}

async function digests(page: Page, email: string): Promise<OutboxItem[]> {
  const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: OutboxItem[] }).items.filter((item) => item.purpose === "saved_search_digest");
}

it(
  "a saved search's new listing is e-mailed once, and the e-mail's link stops the next",
  { timeout: 180_000 },
  async () => {
    const visitor = await open();
    const owner = await open();
    const admin = await open();
    const reader = await open({ js: false });
    try {
      await signIn(admin.context, "admin");
      await signUp(owner.context, "Alert owner");
      const { page, context } = visitor;
      const token = word();
      const flat = (price: number) =>
        publicListing(owner.context, admin.context, {
          type_id: 1,
          city: "novi-sad",
          address: "Digest street 5",
          lat: 45.25,
          lng: 19.84,
          description: `A flat by the Danube for the alerts test: ${token}.`,
          price,
        });

      // A guest saves the list page's search.
      await page.goto(`/rent/apartment/novi-sad/?q=${token}`);
      await hydrated(page);
      const control = page.getByTestId("save-search");
      await hydratedElement(control.getByRole("button"));
      await control.getByRole("button", { name: "Save search" }).click();
      await expect.poll(() => control.getAttribute("data-saved")).toBe("");

      // Signs up with an e-mail address: the search joins the account, alerts off until asked for.
      const email = await signUpByEmail(context, "Alert reader");
      const [search] = (await api<{ items: SavedSearch[] }>(context, "GET", "/api/saved-searches")).body.items;
      expect(search).toMatchObject({ label: `Apartments for rent, Novi Sad, “${token}”`, notify: false });

      // Turns them on in the cabinet.
      await page.goto("/cabinet/saved-searches/");
      await hydrated(page);
      const card = page.locator(`article[data-testid="saved-search"][data-id="${search!.id}"]`);
      await card.getByRole("radio", { name: "Daily" }).check();
      await expect.poll(() => page.getByTestId("saved-searches-status").textContent()).toBe("E-mail alerts saved.");

      // A matching listing is approved; the scheduled handler e-mails one digest with it.
      const first = await flat(400);
      await runScheduled();
      await expect.poll(async () => (await digests(page, email)).length).toBe(1);
      const [digest] = await digests(page, email);
      expect(digest!.body).toContain(`/rent/apartment/novi-sad/${first}/`);
      expect(digest!.html).toContain(`/rent/apartment/novi-sad/${first}/`);
      expect(digest!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(digest!.headers["List-Unsubscribe"]).toMatch(
        /^<https?:\/\/[^>]+\/api\/unsubscribe\/one-click\?token=[^>]+>$/,
      );
      // Run again: the same listing is never e-mailed twice.
      await runScheduled();
      expect(await digests(page, email)).toHaveLength(1);

      // The e-mail's link, opened without JavaScript and signed out: it says what it stops and stops it.
      const link = /https?:\/\/\S+\/unsubscribe\/\?token=\S+/.exec(digest!.body)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      await reader.page.goto(url.pathname + url.search);
      expect(await reader.page.textContent("main")).toContain(
        `alerts for the saved search “Apartments for rent, Novi Sad, “${token}””`,
      );
      await reader.page.getByRole("button", { name: "Stop these e-mails" }).click();
      await reader.page.waitForLoadState();
      expect(await reader.page.textContent("main")).toContain("Done: you will no longer receive");
      await expect
        .poll(
          async () =>
            (await api<{ items: SavedSearch[] }>(context, "GET", "/api/saved-searches")).body.items[0]!.notify,
        )
        .toBe(false);

      // The next matching listing goes public and the handler runs: no second digest.
      await flat(420);
      await runScheduled();
      expect(await digests(page, email)).toHaveLength(1);
    } finally {
      await close(visitor);
      await close(owner);
      await close(admin);
      await close(reader);
    }
  },
);
