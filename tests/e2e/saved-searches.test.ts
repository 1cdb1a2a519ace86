/**
 * Decision 041 in Chromium, once with JavaScript and once without: a guest saves a search from a list
 * page and one from /search/ (the same search saved from two tabs stays one), finds them on the favourites
 * page's panel, signs in (they join the account), and on /cabinet/saved-searches/ renames one, turns its
 * alerts to instant, sees a listing that went public since as new, opens it (the count starts again) and
 * deletes it after a confirmation — a dialog with JavaScript, a step of the page without. With JavaScript
 * saving and the cabinet's forms post in the background (no page load).
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { SavedSearch } from "#shared/api/saved-searches.ts";
import { SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { fileBrowser, hydrated, hydratedElement } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";
import { publicListing } from "./listings.ts";

const browser = fileBrowser();
const baseURL = inject("baseURL");
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

/** A word no listing has: the searches of a run find only the listing the run posts. */
const word = () => `spremljeno${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;

const control = (page: Page) => page.getByTestId("save-search");
const card = (page: Page, id: number) => page.locator(`article[data-testid="saved-search"][data-id="${id}"]`);
const status = (page: Page) => page.getByTestId("saved-searches-status");
const accountSearches = async (context: BrowserContext) =>
  (await api<{ items: SavedSearch[] }>(context, "GET", "/api/saved-searches")).body.items;

/** Opens a search page; with JavaScript, once its lazily loaded "Save search" has hydrated. */
async function openSearch(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (!js) return;
  await hydrated(page);
  await hydratedElement(control(page).getByRole("button"));
}

/** A flat to rent in Novi Sad with `text` in its description, posted by `owner` and approved; its id. */
const publicFlat = (owner: BrowserContext, admin: BrowserContext, text: string) =>
  publicListing(owner, admin, {
    type_id: 1,
    city: "novi-sad",
    address: "Alert street 3",
    lat: 45.25,
    lng: 19.84,
    area: 44,
    description: `A bright flat near the Danube for the saved-search test: ${text}.`,
    price: 450,
  });

for (const js of [true, false]) {
  it(
    `a guest saves searches, signs in and manages them in the cabinet (JavaScript ${js ? "on" : "off"})`,
    { timeout: 180_000 },
    async () => {
      const visitor = await open({ js });
      const admin = await open();
      // Someone else's listing: one's own never counts as news to one.
      const owner = await open();
      const { page, context } = visitor;
      try {
        await signIn(admin.context, "admin");
        await signUp(owner.context, "Owner");
        const documents: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "document") documents.push(request.url());
        });
        const token = word();
        const listPath = `/rent/apartment/novi-sad/?q=${token}`;
        const label = `Apartments for rent, Novi Sad, “${token}”`;

        // A list page: the name the search will get, saved in place.
        await openSearch(page, listPath, js);
        expect(await control(page).textContent()).toContain(`Will be saved as “${label}”.`);
        expect(await control(page).textContent()).toContain(
          "Sign in to keep them in your account and turn on e-mail alerts",
        );
        // The same search in a second tab, not saved yet there either.
        const second = await context.newPage();
        await openSearch(second, `${listPath}&sort=price_asc`, js);
        const loads = documents.length;
        await control(page).getByRole("button", { name: "Save search" }).click();
        await expect.poll(() => control(page).getAttribute("data-saved")).toBe("");
        expect(await control(page).textContent()).toContain(`Saved as “${label}”.`);
        if (js) {
          expect(documents.length).toBe(loads);
          await expect.poll(() => control(page).getByRole("status").textContent()).toBe("Search saved.");
        }
        await control(second).getByRole("button", { name: "Save search" }).click();
        await expect.poll(() => control(second).getAttribute("data-saved")).toBe("");
        await second.close();

        // One from /search/ too.
        const searchPath = `/search/?deal=rent&city=novi-sad&price_max=500&q=${token}`;
        await openSearch(page, searchPath, js);
        await control(page).getByRole("button", { name: "Save search" }).click();
        await expect.poll(() => control(page).getAttribute("data-saved")).toBe("");

        // The favourites page lists both, newest first, with their filters.
        await control(page).getByRole("link", { name: "Manage saved searches" }).click();
        await page.waitForURL(/\/favourites\/#saved-searches$/);
        const panel = page.locator("#saved-searches");
        const guests = panel.getByTestId("guest-saved-search");
        await expect.poll(() => guests.count()).toBe(2);
        expect(await guests.nth(1).getByRole("heading").textContent()).toBe(label);
        expect(await guests.nth(0).textContent()).toContain("Price: up to €500");
        expect(
          await panel
            .getByRole("link", { name: "Sign in to keep them in your account and turn on e-mail alerts" })
            .getAttribute("href"),
        ).toBe("/favourites/?auth=signin");

        // Signing in moves them into the account and clears the cookie.
        await signUp(context, "Saver");
        expect((await context.cookies()).some((cookie) => cookie.name === SAVED_SEARCH_COOKIE_NAME)).toBe(false);
        const saved = await accountSearches(context);
        expect(saved.map((search) => search.label)).toEqual([
          `Property to rent, Novi Sad, up to €500, “${token}”`,
          label,
        ]);
        const id = saved[1]!.id;

        await page.goto("/cabinet/saved-searches/");
        if (js) await hydrated(page);
        const mine = card(page, id);
        expect(await mine.getByRole("heading").textContent()).toBe(label);
        expect(await mine.getByRole("list", { name: "Filters" }).textContent()).toContain("Apartments for rent");
        expect(await mine.getByRole("radio", { name: "Off" }).isChecked()).toBe(true);

        // Renamed.
        const named = `Flats by the Danube ${js ? "A" : "B"}`;
        await mine.getByText("Rename", { exact: true }).click();
        await mine.getByRole("textbox", { name: "Name" }).fill(named);
        await mine.getByRole("button", { name: "Save name" }).click();
        await expect.poll(() => status(page).textContent()).toBe("Name saved.");
        await expect.poll(() => mine.getByRole("heading").textContent()).toBe(named);

        // Alerts: instantly (with JavaScript the choice applies at once).
        await mine.getByRole("radio", { name: "Instantly" }).check();
        if (!js) await mine.getByRole("button", { name: `Save alerts: ${named}` }).click();
        await expect.poll(() => status(page).textContent()).toBe("E-mail alerts saved.");
        await expect
          .poll(async () => (await accountSearches(context)).find((search) => search.id === id))
          .toMatchObject({ notify: true, frequency: "instant" });
        expect(await mine.getByRole("radio", { name: "Instantly" }).isChecked()).toBe(true);
        if (js) expect(documents.filter((url) => url.includes("/cabinet/saved-searches/"))).toHaveLength(1);

        // A listing goes public and the alerts' run matches it: one new listing since it was last opened.
        await publicFlat(owner.context, admin.context, token);
        expect((await fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*`)).status).toBe(200);
        await page.goto("/cabinet/saved-searches/");
        if (js) await hydrated(page);
        await expect.poll(() => mine.getByTestId("new-count").textContent()).toBe("1 new listing");

        // Opened, the search page says it is saved, and the count starts again.
        await mine.getByRole("link", { name: `Open: ${named}` }).click();
        await page.waitForURL(new RegExp(`/rent/apartment/novi-sad/\\?q=${token}$`));
        await expect.poll(() => control(page).textContent()).toContain(`Saved as “${named}”.`);
        expect(await control(page).textContent()).toContain("New listings are e-mailed to you as they appear.");
        expect((await accountSearches(context)).find((search) => search.id === id)!.new_count).toBe(0);
        await control(page).getByRole("link", { name: "Manage saved searches" }).click();
        await page.waitForURL(/\/cabinet\/saved-searches\/$/);
        if (js) await hydrated(page);
        await mine.waitFor();
        expect(await mine.getByTestId("new-count").count()).toBe(0);

        // Deleted after a confirmation: a dialog with JavaScript, a step of the page without it.
        await mine.getByRole("link", { name: `Delete: ${named}` }).click();
        if (js) {
          const dialog = page.getByRole("dialog", { name: "Delete this saved search?" });
          await dialog.waitFor();
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await dialog.waitFor({ state: "hidden" });
          expect(await mine.count()).toBe(1);
          await mine.getByRole("link", { name: `Delete: ${named}` }).click();
          await dialog.getByRole("button", { name: "Delete" }).click();
        } else {
          await page.waitForURL(new RegExp(`confirm=${id}#confirm-${id}$`));
          await mine.getByText("Delete this saved search?").waitFor();
          await mine.getByRole("button", { name: `Delete: ${named}` }).click();
        }
        await mine.waitFor({ state: "detached" });
        await expect.poll(() => status(page).textContent()).toBe("Saved search deleted.");
        expect((await accountSearches(context)).map((search) => search.id)).not.toContain(id);
        if (js) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("saved-searches-count");

        // Signed in, a search saved from /search/ goes into the account, once.
        await openSearch(page, `/search/?deal=sale&q=${token}`, js);
        expect(await control(page).textContent()).not.toContain("Sign in");
        await control(page).getByRole("button", { name: "Save search" }).click();
        await expect.poll(() => control(page).getAttribute("data-saved")).toBe("");
        await expect.poll(async () => (await accountSearches(context)).length).toBe(2);
        // And removed from there.
        await control(page).getByRole("button", { name: "Remove from saved" }).click();
        await expect.poll(() => control(page).getAttribute("data-saved")).toBeNull();
        await expect.poll(async () => (await accountSearches(context)).length).toBe(1);
      } finally {
        await close(visitor);
        await close(admin);
        await close(owner);
      }
    },
  );
}
