/**
 * The wizard's photos step with JavaScript in Chromium (decision 034): three
 * photos picked at once upload in parallel with progress bars, one is rotated, one moved by keyboard,
 * one deleted and brought back, one deleted for good — and the server holds exactly what the page shows.
 * Without JavaScript, the plain forms do the same by posting. Axe and Nu check the step in en/ru/sr.
 * Needs the wizard route (`/listing/edit/{id}/?step=photos`, built beside this step) to render the step.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { PHOTO_UNDO_MS } from "#shared/constants.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { SMALL_JPEG, gradientPng } from "#tests/fixtures/photos.ts";
import { fileBrowser, hydrated, pagePerTest, validateHtml } from "./browser.ts";
import { signUp } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const page = pagePerTest(browser, {
  baseURL,
  locale: "en-GB",
  viewport: { width: 1280, height: 900 },
  // Its own loopback address: the API's limits count per address.
  extraHTTPHeaders: {
    "cf-connecting-ip": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  },
});
const SAME_ORIGIN = { "x-requested-with": "XMLHttpRequest", origin: baseURL };

/** A draft of a new owner of its own, signed up in the request's cookies: its id. */
async function signedInDraft(request: APIRequestContext): Promise<number> {
  await signUp({ request }, "Photo Owner");
  const created = await request.post("/api/realty/edit/type", { headers: SAME_ORIGIN, data: { type_id: 1 } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

const serverPhotos = async (request: APIRequestContext, listingId: number) =>
  ((await (await request.get(`/api/realty/edit/${listingId}/images`)).json()) as { items: ApiListingPhoto[] }).items;

/** The step's photos as the page lists them: each one's accessible image name and its source. */
const shown = (current: Page) =>
  current
    .getByRole("list", { name: "Photos of the listing" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.querySelector("img")!.getAttribute("src")!));

it(
  "uploads three photos with progress, rotates, reorders by keyboard, deletes with undo and for good",
  { timeout: 60_000 },
  async () => {
    const current = page();
    const request = current.context().request;
    const listingId = await signedInDraft(request);
    await current.goto(`/listing/edit/${listingId}/?step=photos`);
    await hydrated(current);
    // The JS manager has replaced the plain form: its file input posts nothing by itself.
    const input = current.locator("input[type=file]:not([name])");
    await input.waitFor();

    // A slow upload line, so each file's progress bar is seen.
    const cdp = await current.context().newCDPSession(current);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    const big = await gradientPng(160, 120);
    await input.setInputFiles([
      { name: "one.jpg", mimeType: "image/jpeg", buffer: Buffer.from(SMALL_JPEG) },
      { name: "two.png", mimeType: "image/png", buffer: Buffer.from(big) },
      { name: "three.png", mimeType: "image/png", buffer: Buffer.from(await gradientPng(80, 60)) },
    ]);
    await current.getByRole("progressbar").first().waitFor();
    await current.getByRole("list", { name: "Photos of the listing" }).getByRole("listitem").nth(2).waitFor();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await current.getByRole("progressbar").count()).toBe(0);
    await expect.poll(() => current.getByText("3 of 30 photos").count()).toBe(1);
    // The order chosen, whatever order the parallel uploads finished in (decision 069): saved once all are in.
    await expect
      .poll(async () => (await serverPhotos(request, listingId)).map((photo) => photo.width))
      .toEqual([64, 160, 80]);
    const uploaded = await serverPhotos(request, listingId);
    expect(await shown(current)).toEqual(uploaded.map((photo) => photo.variants[0]!.url));

    // Rotate photo 2 right: its new variants are shown, portrait now.
    await current.getByRole("button", { name: "Rotate photo 2 right" }).click();
    await expect.poll(async () => (await serverPhotos(request, listingId))[1]!.rotation).toBe(90);
    const rotated = (await serverPhotos(request, listingId))[1]!;
    expect(rotated.height).toBeGreaterThan(rotated.width);
    await expect.poll(async () => (await shown(current))[1]).toBe(rotated.variants[0]!.url);

    // Photo 3 moves to position 2 by keyboard, the focus stays with it, and the move is announced.
    await current.getByRole("button", { name: "Photo 3: drag, or use the arrow keys, to move it" }).focus();
    await current.keyboard.press("ArrowLeft");
    await expect.poll(() => current.getByRole("status").textContent()).toBe("Photo 3 moved to position 2.");
    expect(await current.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Photo 2: drag, or use the arrow keys, to move it",
    );
    const order = [uploaded[0]!.id, uploaded[2]!.id, uploaded[1]!.id];
    await expect.poll(async () => (await serverPhotos(request, listingId)).map((photo) => photo.id)).toEqual(order);

    // Delete photo 1 and undo: it comes back first, the server never lost it, the focus returns to it.
    await current.getByRole("button", { name: "Delete photo 1" }).click();
    expect(await current.getByRole("list", { name: "Photos of the listing" }).getByRole("listitem").count()).toBe(2);
    const undo = current.getByRole("button", { name: "Undo" });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await undo.click();
    await expect.poll(() => current.getByRole("status").textContent()).toBe("Photo restored to position 1.");
    expect(await current.getByRole("list", { name: "Photos of the listing" }).getByRole("listitem").count()).toBe(3);
    expect((await serverPhotos(request, listingId)).map((photo) => photo.id)).toEqual(order);

    // Delete photo 2 for good: gone from the page at once, from the server when the undo time ends.
    await current.getByRole("button", { name: "Delete photo 2" }).click();
    expect((await serverPhotos(request, listingId)).map((photo) => photo.id)).toEqual(order);
    await current.waitForTimeout(PHOTO_UNDO_MS + 500);
    await expect
      .poll(async () => (await serverPhotos(request, listingId)).map((photo) => photo.id))
      .toEqual([order[0], order[2]]);
    expect(await current.getByRole("button", { name: "Undo" }).count()).toBe(0);
    const final = await serverPhotos(request, listingId);
    expect(await shown(current)).toEqual(final.map((photo) => photo.variants[0]!.url));
    expect(final.map((photo) => photo.rotation)).toEqual([0, 90]);

    // Reloaded, the page shows the same.
    await current.reload();
    await hydrated(current);
    expect(await shown(current)).toEqual(final.map((photo) => photo.variants[0]!.url));
  },
);

it(
  "works without JavaScript: a multipart post of three files, one refused by name; rotate and move by posting",
  { timeout: 90_000 },
  async () => {
    const context = await browser().newContext({
      baseURL,
      locale: "en-GB",
      javaScriptEnabled: false,
      extraHTTPHeaders: {
        "cf-connecting-ip": `127.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
      },
    });
    context.setDefaultTimeout(15_000);
    try {
      const current = await context.newPage();
      const listingId = await signedInDraft(context.request);
      await current.goto(`/listing/edit/${listingId}/?step=photos`);
      await current.getByLabel("Choose photos").setInputFiles([
        { name: "one.jpg", mimeType: "image/jpeg", buffer: Buffer.from(SMALL_JPEG) },
        { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") },
        { name: "two.png", mimeType: "image/png", buffer: Buffer.from(await gradientPng(80, 60)) },
      ]);
      await current.getByRole("button", { name: "Upload" }).click();
      await current.getByRole("alert").waitFor();
      expect(await current.getByRole("alert").textContent()).toContain(
        "notes.jpg: This file is not a photo: upload a JPEG, PNG or WebP image.",
      );
      expect(await current.getByText("2 photos added.").count()).toBe(1);
      const stored = await serverPhotos(context.request, listingId);
      expect(stored).toHaveLength(2);
      expect(await shown(current)).toEqual(stored.map((photo) => photo.variants[0]!.url));
      expect(await current.getByText("2 of 30 photos").count()).toBe(1);

      /** Posts a photo button's form and waits for the step it redirects back to. */
      const press = async (name: string) => {
        await Promise.all([current.waitForEvent("framenavigated"), current.getByRole("button", { name }).click()]);
        await current.waitForLoadState();
        expect(current.url()).toBe(`${baseURL}/listing/edit/${listingId}/?step=photos`);
      };
      await press("Rotate photo 1 right");
      await press("Move photo 2 earlier");
      const after = await serverPhotos(context.request, listingId);
      expect(after.map((photo) => [photo.id, photo.rotation])).toEqual([
        [stored[1]!.id, 0],
        [stored[0]!.id, 90],
      ]);
      expect(await shown(current)).toEqual(after.map((photo) => photo.variants[0]!.url));

      // Axe needs script: the same signed-in pages where the site's scripts do not load (the plain forms stay).
      const audit = await browser().newContext({ baseURL, storageState: await context.storageState() });
      await audit.route(/\.js(\?|$)/, (route) => route.abort());
      const auditPage = await audit.newPage();
      const documents: Record<string, string> = {};
      // In one language, Serbian: the audit project takes the three by turns (decision 063).
      {
        const prefix = "/sr";
        const path = `${prefix}/listing/edit/${listingId}/?step=photos`;
        await auditPage.goto(path);
        expect(await auditPage.locator("input[type=file][name=file]").count(), path).toBe(1);
        expect(describeViolations(await runAxe(auditPage)), path).toEqual([]);
        documents[path] = await (await context.request.get(path)).text();
      }
      await audit.close();
      const results = await validateHtml(documents);
      for (const [path, result] of Object.entries(results)) expect(describeVnu(result.errors), path).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
