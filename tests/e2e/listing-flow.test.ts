/**
 * The whole supply side in Chromium, once with JavaScript and once without: the
 * development user follows the header's "Post listing" through sign-in into the wizard, creates a flat,
 * adds three photos (rotates one, moves one, deletes one), submits it; the admin signs in, opens its
 * preview and approves it; a visitor then finds it in search and on its public page with the rotated
 * photo. Without JavaScript every step is a plain form post and the photos go up in one multipart form.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { PHOTO_UNDO_MS } from "#shared/constants.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { blocksPng } from "#tests/fixtures/photos.ts";
import { fileBrowser } from "./browser.ts";
import {
  ABANDONED_LOOKUPS,
  LEFT_SCRIPTS,
  LEFT_VISITOR_STATE,
  sessions,
  CSP_PRELOADS,
  SUPERSEDED_DATA,
} from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

/** Problems the flow causes on purpose or that are not the page's. */
const EXPECTED = [
  CSP_PRELOADS,
  SUPERSEDED_DATA,
  ABANDONED_LOOKUPS,
  // A script (a route's lazy chunk, the entry) the sign-in's full navigation leaves behind.
  LEFT_SCRIPTS,
  // The admin's approval posts before the preview's per-visitor state has answered.
  LEFT_VISITOR_STATE,
];

const { open, close } = sessions(browser, EXPECTED);

/** The sign-in dialog a guarded page sends a guest to, by e-mail and password, back to `next`. */
async function signIn(page: Page, role: "user" | "admin", next: string) {
  const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
  await page.waitForURL(`${baseURL}/?auth=signin&next=${encodeURIComponent(next)}`);
  const dialog = page.locator("dialog");
  await dialog.getByRole("link", { name: "E-mail" }).click();
  await page.waitForURL(/via=email/);
  await dialog.getByLabel("E-mail").fill(account.email);
  await dialog.getByRole("button", { name: "Sign in with a password" }).click();
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${baseURL}${next}`);
}

const photosOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/realty/edit/${id}/images`)).json()) as { items: ApiListingPhoto[] }).items;

async function saveAndContinue(page: Page, step: string) {
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.waitForURL(new RegExp(`\\?step=${step}$`));
}

/** Posts the listing as the development user; its id, price and final photos (cover first). */
async function postListing(js: boolean) {
  const owner = await open({ js });
  const page = owner.page;
  try {
    // Signed out, the header's call to action asks for sign-in and comes back to the wizard.
    await page.goto("/about/");
    await page.getByRole("banner").getByRole("link", { name: "Post listing" }).click();
    await signIn(page, "user", "/listing/create/");

    await page.getByRole("group", { name: "Sell" }).getByLabel("Apartment").check();
    await saveAndContinue(page, "params");
    const id = Number(/edit\/(\d+)\//.exec(page.url())![1]);

    await page.getByLabel(/^City/).selectOption("beograd");
    await page.getByLabel(/^Address/).fill("Knez Mihailova 12");
    await page.getByLabel(/^Latitude/).fill("44.8176");
    await page.getByLabel(/^Longitude/).fill("20.4569");
    await page.getByLabel(/^Area/).fill("71");
    await page.getByLabel(/^Rooms/).fill("3");
    await saveAndContinue(page, "description");

    const description = `A light three-room flat in the old town, ${js ? "with" : "without"} scripts.`;
    await page.getByRole("textbox", { name: /^Description/ }).fill(description);
    await saveAndContinue(page, "conditions");
    // A price of its own: found by it in search, and never a duplicate of an earlier run's flat.
    const price = 200_000 + Math.floor(Math.random() * 700_000);
    await page.getByRole("textbox", { name: /^Price/ }).fill(String(price));
    await saveAndContinue(page, "photos");

    // Three photos, landscape and each its own picture (never another listing's: the duplicate check
    // compares photos); the second is turned to portrait.
    const seed = Math.floor(Math.random() * 1e6) * 3;
    const files = await Promise.all(
      [
        [320, 240],
        [400, 240],
        [360, 200],
      ].map(async ([w, h], i) => ({
        name: `photo-${i + 1}.png`,
        mimeType: "image/png",
        buffer: Buffer.from(await blocksPng(w!, h!, seed + i)),
      })),
    );
    if (js) {
      await page.locator("input[type=file]:not([name])").setInputFiles(files);
      await expect.poll(() => page.getByText("3 of 30 photos").count()).toBe(1);
      // The picked order is saved once no upload is running (decision 069): read the photos after it.
      await page.waitForLoadState("networkidle");
    } else {
      await page.getByLabel("Choose photos").setInputFiles(files);
      await page.getByRole("button", { name: "Upload" }).click();
      await page.getByText("3 of 30 photos").waitFor();
    }
    const [a, b, c] = await photosOf(page, id);
    expect([a, b, c].every(Boolean)).toBe(true);

    await page.getByRole("button", { name: "Rotate photo 2 right" }).click();
    await expect.poll(async () => (await photosOf(page, id))[1]!.rotation).toBe(90);
    if (js) {
      await page.getByRole("button", { name: "Photo 3: drag, or use the arrow keys, to move it" }).focus();
      await page.keyboard.press("ArrowLeft");
    } else {
      await page.getByRole("button", { name: "Move photo 3 earlier" }).click();
    }
    await expect.poll(async () => (await photosOf(page, id)).map((p) => p.id)).toEqual([a!.id, c!.id, b!.id]);
    await page.getByRole("button", { name: "Delete photo 1" }).click();
    // With JavaScript the delete waits out its undo time (or the leaving of the step).
    if (js) await page.waitForTimeout(PHOTO_UNDO_MS + 500);
    await expect.poll(async () => (await photosOf(page, id)).map((p) => p.id)).toEqual([c!.id, b!.id]);

    await page.getByRole("link", { name: "Save and continue" }).click();
    await page.waitForURL(/\?step=check$/);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL(`${baseURL}/listing/preview/${id}/`);
    await page.getByText(/^Waiting for review/).waitFor();
    return { id, price, photos: await photosOf(page, id) };
  } finally {
    await close(owner);
  }
}

async function approve(js: boolean, id: number) {
  const admin = await open({ js });
  try {
    await admin.page.goto(`/admin/listing/preview/${id}/`);
    await signIn(admin.page, "admin", `/admin/listing/preview/${id}/`);
    await admin.page.getByRole("button", { name: "Approve and publish" }).click();
    await admin.page.getByText(/^Public since/).waitFor();
  } finally {
    await close(admin);
  }
}

/** A visitor finds the listing by its price in search and opens it: the cover first, then the turned photo. */
async function findAsVisitor(js: boolean, listing: { id: number; price: number; photos: ApiListingPhoto[] }) {
  const visitor = await open({ js });
  const page = visitor.page;
  try {
    await page.goto(`/search/?deal=sale&city=beograd&price_min=${listing.price}&price_max=${listing.price}`);
    const link = page.locator(`main a[href$="/buy/apartment/beograd/${listing.id}/"]`).first();
    await link.click();
    await page.waitForURL(`${baseURL}/buy/apartment/beograd/${listing.id}/`);
    // With JavaScript the URL changes before the page it leads to has rendered.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toMatch(/^3-room apartment for sale, 71 m²/);

    const detail = (await (await page.request.get(`/api/realty/${listing.id}`)).json()) as {
      data: ApiListingDetail;
    };
    const [cover, turned] = detail.data.images;
    expect(detail.data.images).toHaveLength(2);
    expect(cover!.url).toBe(listing.photos[0]!.url);
    expect(turned!.url).toBe(listing.photos[1]!.url);
    // The rotated photo is served portrait (its source was landscape), in every variant of its srcset.
    expect(turned!.height).toBeGreaterThan(turned!.width);
    const sources = await page
      .locator('main img[src*="/photos/"]')
      .evaluateAll((images) => images.map((img) => `${img.getAttribute("src")} ${img.getAttribute("srcset")}`));
    expect(sources.some((s) => s.includes(cover!.url))).toBe(true);
    expect(sources.some((s) => s.includes(turned!.url))).toBe(true);
    const served = await page.request.get(turned!.url);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
  } finally {
    await close(visitor);
  }
}

for (const js of [true, false]) {
  it(
    `posts a flat with three photos, the admin approves it, a visitor finds it (JavaScript ${js ? "on" : "off"})`,
    { timeout: 180_000 },
    async () => {
      const listing = await postListing(js);
      await approve(js, listing.id);
      await findAsVisitor(js, listing);
    },
  );
}
