/**
 * Decision 041 in Chromium: the cabinet's favourites. A guest hearts two listings, signs in and finds both
 * there (merged at sign-in). Then, once with JavaScript and once without, a person whose favourites include a
 * listing its owner took off the site and one whose price fell sees them as such, removes one, and removes
 * all after a confirmation — a dialog with JavaScript (every action in place, no page load), a step of the
 * page without it. The listings taken down are the test's own, made through the API by the development user.
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import type { ApiFavouriteItem } from "#shared/api/favourites.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, sessions, signIn, signUp, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";
import { publicListing } from "./listings.ts";

const browser = fileBrowser();

const { open, close } = sessions(browser, [
  CSP_PRELOADS,
  SUPERSEDED_DATA,
  // The failure made on purpose: its post answers 500.
  /^console\.error: Failed to load resource: the server responded with a status of 500/,
]);

/** An active flat of `owner`'s at `price`: through the wizard's API, approved by the admin; its id. */
const activeListing = (owner: BrowserContext, admin: BrowserContext, price: number) =>
  publicListing(owner, admin, {
    city: "novi-sad",
    address: "Favourite street 3",
    lat: 45.25,
    lng: 19.84,
    area: 47,
    description: "A two-room flat someone keeps among their favourites for a while.",
    price,
  });

/** Public listings of the seed (none of the development user's, which the test takes down). */
async function publicListings(context: BrowserContext, count: number): Promise<number[]> {
  const found = await api<{ items: { id: number }[] }>(context, "GET", "/api/realty/search?city=beograd&per_page=20");
  expect(found.body.items.length).toBeGreaterThanOrEqual(count);
  return found.body.items.slice(-count).map((item) => item.id);
}

const favourites = async (context: BrowserContext) =>
  (
    await api<{ items: ApiFavouriteItem[] }>(
      context,
      "GET",
      "/api/cabinet/realties/favorite-realties?include_unavailable=true&per_page=50",
    )
  ).body.items;

const card = (page: Page, id: number) => page.locator(`li[data-testid="favourite"][data-id="${id}"]`);
const status = (page: Page) => page.getByTestId("favourites-status");

it("keeps a guest's hearts through signing in: both are on /cabinet/favourites/", { timeout: 120_000 }, async () => {
  const guest = await open();
  const page = guest.page;
  try {
    await page.goto("/search/?deal=sale&city=beograd");
    await hydrated(page);
    const hearts = page.locator('main form:has(input[name="intent"][value="add"])');
    const ids: number[] = [];
    for (const index of [0, 1]) {
      const form = hearts.nth(0);
      ids.push(Number(await form.locator('input[name="id"]').getAttribute("value")));
      const posted = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/favourites"),
      );
      await form.getByRole("button").click();
      await posted;
      await expect
        .poll(() =>
          page.locator(`main form:has(input[name="id"][value="${ids[index]}"]) button`).getAttribute("aria-pressed"),
        )
        .toBe("true");
    }
    const cookie = (await guest.context.cookies()).find((c) => c.name === "favourites");
    expect(cookie?.value.split(".").map(Number).sort()).toEqual([...ids].sort());

    await signUp(guest.context, "Guest Who Signed Up");
    // The header leads a signed-in visitor to the account's favourites.
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Favourites" }).click();
    await page.waitForURL(/\/cabinet\/favourites\/$/);
    // The newest first.
    await expect
      .poll(() =>
        page
          .locator('li[data-testid="favourite"]')
          .evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-id")))),
      )
      .toEqual([ids[1], ids[0]]);
    expect((await guest.context.cookies()).some((c) => c.name === "favourites")).toBe(false);
  } finally {
    await close(guest);
  }
});

for (const js of [true, false]) {
  it(
    `shows one taken off the site and a price fall, removes one and then all (JavaScript ${js ? "on" : "off"})`,
    { timeout: 180_000 },
    async () => {
      const person = await open({ js });
      const owner = await open();
      const admin = await open();
      const page = person.page;
      const made: number[] = [];
      try {
        // An owner of their own: the development account's daily drafts are the other tests'.
        await signUp(owner.context, js ? "Seller With Scripts" : "Seller Without Scripts");
        await signIn(admin.context, "admin");
        await signUp(person.context, js ? "Keeper With Scripts" : "Keeper Without Scripts");
        const price = 150_000 + Math.floor(Math.random() * 600_000);
        const gone = await activeListing(owner.context, admin.context, price);
        made.push(gone);
        const cheaper = await activeListing(owner.context, admin.context, price + 1);
        made.push(cheaper);
        const others = await publicListings(person.context, 2);
        for (const id of [...others, cheaper, gone]) {
          expect((await api(person.context, "POST", "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);
        }
        // Since saved: one taken off the site by its owner, the other's price lowered.
        expect((await api(owner.context, "POST", `/api/cabinet/realties/${gone}/archive`)).status).toBe(200);
        expect(
          (await api(owner.context, "POST", "/api/realty/edit/conditions", { id: cheaper, price: price - 20_000 }))
            .status,
        ).toBe(200);

        const documents: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "document") documents.push(request.url());
        });
        await page.goto("/cabinet/favourites/");
        if (js) await hydrated(page);
        await expect.poll(() => page.locator('li[data-testid="favourite"]').count()).toBe(4);

        // Taken off the site: said so, its title, last price and place, and no link to its page.
        const unavailable = card(page, gone);
        expect(await unavailable.getAttribute("data-available")).toBe("false");
        const text = await unavailable.textContent();
        expect(text).toContain("No longer available");
        expect(text).toContain("Novi Sad");
        expect(text).toContain(new Intl.NumberFormat("en-GB").format(price));
        expect(await unavailable.locator(`a[href*="/${gone}/"]`).count()).toBe(0);
        // The price fell since it was saved.
        expect(await card(page, cheaper).textContent()).toMatch(
          new RegExp(`Price reduced from €${new Intl.NumberFormat("en-GB").format(price + 1)}`),
        );

        // Remove the one no longer available.
        await unavailable.getByRole("button", { name: /^Remove: / }).click();
        await card(page, gone).waitFor({ state: "detached" });
        await expect.poll(() => status(page).textContent()).toBe("The listing is removed from your favourites.");
        expect((await favourites(person.context)).map((item) => item.id)).toEqual([cheaper, ...[...others].reverse()]);
        if (js) {
          // Its neighbour's button (or the list's heading) has the focus, not the page.
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.closest("[data-remove], #my-favourites") !== null))
            .toBe(true);
        } else {
          expect(page.url()).toMatch(/\/cabinet\/favourites\/\?done=remove$/);
        }
        await expect.poll(() => page.locator("#my-favourites").textContent()).toBe("3 saved listings");

        if (js) {
          // A removal that fails (the API answers 500): the card comes back, the product §8 alert and the live region say so.
          const fault = (url: URL) => url.pathname.endsWith(".data");
          await page.route(fault, (route) =>
            route.request().method() === "POST"
              ? route.continue({ headers: { ...route.request().headers(), "x-debug-api-status": "500" } })
              : route.continue(),
          );
          await card(page, cheaper)
            .getByRole("button", { name: /^Remove: / })
            .click();
          await page
            .locator("li[data-notice-id]")
            .filter({ hasText: "An error occurred. Please repeat the request or contact technical support" })
            .waitFor();
          await expect
            .poll(() => status(page).textContent())
            .toBe("The service is temporarily unavailable. Please try again later.");
          expect(await card(page, cheaper).isVisible()).toBe(true);
          await page.unroute(fault);
        }

        // Remove all, after a confirmation.
        await page.getByRole("link", { name: "Remove all" }).click();
        if (js) {
          const dialog = page.getByRole("dialog", { name: "Remove all favourites?" });
          await dialog.waitFor();
          expect(await dialog.textContent()).toContain("All 3 saved listings will be removed from your favourites");
          expect(describeViolations(await runAxe(page)), "dialog").toEqual([]);
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await dialog.waitFor({ state: "hidden" });
          expect(await page.locator('li[data-testid="favourite"]').count()).toBe(3);
          await page.getByRole("link", { name: "Remove all" }).click();
          await dialog.getByRole("button", { name: "Remove all" }).click();
        } else {
          await page.waitForURL(/\?confirm=all#confirm-clear$/);
          const ask = page.getByRole("group", { name: /^Remove all favourites\?/ });
          await ask.getByRole("link", { name: "Cancel" }).click();
          await page.waitForURL(/\/cabinet\/favourites\/$/);
          expect(await page.locator('li[data-testid="favourite"]').count()).toBe(3);
          await page.getByRole("link", { name: "Remove all" }).click();
          await page
            .getByRole("group", { name: /^Remove all favourites\?/ })
            .getByRole("button", { name: "Remove all" })
            .click();
          await page.waitForURL(/\/cabinet\/favourites\/\?done=clear$/);
        }
        await expect.poll(() => status(page).textContent()).toBe("Your favourites are cleared.");
        await expect.poll(() => page.locator('li[data-testid="favourite"]').count()).toBe(0);
        await page.getByText("Tap the heart on any listing to keep it here").waitFor();
        expect(await page.getByRole("link", { name: "Browse listings" }).getAttribute("href")).toBe("/search/");
        expect(await favourites(person.context)).toEqual([]);
        // With JavaScript: one document load, the first; everything after happened in place.
        if (js) expect(documents).toHaveLength(1);
      } finally {
        for (const id of made) await api(owner.context, "DELETE", `/api/cabinet/realties/${id}`);
        await close(person);
        await close(owner);
        await close(admin);
      }
    },
  );
}
