/**
 * The profile picture on the personal page in Chromium (decision 050), as the development user: with
 * JavaScript a file over the limit is refused before it is sent and a file that is not a photo by the API,
 * each said at the field; a real JPEG is saved, served as WebP from /photos/ and shown in the page and the
 * header; removing it makes its address 404. Without JavaScript the same by plain form posts, and a refusal
 * at the field. Axe checks the section with an error and with a picture; the Nu validator the documents of
 * the forms' answers.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { SMALL_JPEG } from "#tests/fixtures/photos.ts";
import { fileBrowser, hydrated, validateHtml } from "./browser.ts";
import { api, sessions, signIn, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();

const { open, close } = sessions(browser, [
  CSP_PRELOADS,
  SUPERSEDED_DATA,
  // The file that is not a photo, refused on purpose: its post answers 415.
  /^console\.error: Failed to load resource: the server responded with a status of 415/,
]);

const section = (page: Page) => page.getByRole("region", { name: "Profile picture" });
const picture = (page: Page) => section(page).getByRole("img", { name: "Your profile picture" });
const fileInput = (page: Page) => section(page).getByLabel("New picture");
const headerPicture = (page: Page) => page.locator("header img");

/** The development user without a picture (an earlier run may have left one). */
async function withoutPicture(context: BrowserContext) {
  await signIn(context, "user");
  expect((await api(context, "POST", "/api/cabinet/update-image", { image_url: null })).status).toBe(200);
}

/** The message the field's `aria-describedby` names first (its error), and whether it is marked invalid. */
const fieldState = (input: Locator) =>
  input.evaluate((element) => ({
    invalid: element.getAttribute("aria-invalid"),
    message: document.getElementById(element.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent,
    focused: document.activeElement === element,
  }));

/** The picture's address answers as a served variant, or 404. */
async function served(context: BrowserContext, url: string) {
  const res = await context.request.get(url);
  return { status: res.status(), type: res.headers()["content-type"] };
}

/** The square the picture or its placeholder takes (no shift when one replaces the other). */
const square = (page: Page) =>
  section(page)
    .locator("img, span[aria-hidden]:has(> svg)")
    .first()
    .evaluate((element) => [element.getBoundingClientRect().width, element.getBoundingClientRect().height]);

it("with JavaScript: refuses at the field, saves a JPEG shown in the page and the header, removes it", async () => {
  const visitor = await open();
  const { page, context } = visitor;
  try {
    await withoutPicture(context);
    await page.goto("/cabinet/personal/");
    await hydrated(page);
    expect(await section(page).getByText("No picture yet.").count()).toBe(1);
    expect(await section(page).getByRole("button", { name: "Remove picture" }).count()).toBe(0);
    expect(await square(page)).toEqual([96, 96]);

    // Over the limit: said at once, and nothing is posted.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // Made in the page: 15 MB sent through the browser's protocol take longer than the test.
    await fileInput(page).evaluate((input: HTMLInputElement, size) => {
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(size)], "huge.jpg", { type: "image/jpeg" }));
      input.files = files.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }, PHOTO_MAX_BYTES + 1);
    await section(page).getByRole("button", { name: "Save picture" }).click();
    await expect
      .poll(() => fieldState(fileInput(page)))
      .toEqual({ invalid: "true", message: "This photo is too large: at most 15 MB.", focused: true });
    expect(posts).toEqual([]);

    // Not a photo: the API says so, at the field.
    await fileInput(page).setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo at all"),
    });
    await section(page).getByRole("button", { name: "Save picture" }).click();
    await expect
      .poll(() => fieldState(fileInput(page)))
      .toEqual({
        invalid: "true",
        message: "This file is not a photo: upload a JPEG, PNG or WebP image.",
        focused: true,
      });
    expect(describeViolations(await runAxe(page))).toEqual([]);

    await fileInput(page).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from(SMALL_JPEG) });
    await section(page).getByRole("button", { name: "Save picture" }).click();
    await section(page).getByRole("status").filter({ hasText: "Your picture is saved." }).waitFor();
    const url = (await picture(page).getAttribute("src"))!;
    expect(url).toMatch(/^\/photos\/[0-9a-f]{32}-48\.webp$/);
    expect(await served(context, url)).toEqual({ status: 200, type: "image/webp" });
    // The page's revalidation brought the header the same picture; the field is cleared and valid again.
    await expect.poll(() => headerPicture(page).getAttribute("src")).toBe(url);
    expect(await fileInput(page).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    expect(await fileInput(page).getAttribute("aria-invalid")).toBeNull();
    // Loaded (not broken): a 48-px variant described as 48w in a 96-px slot.
    await expect
      .poll(() => picture(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await square(page)).toEqual([96, 96]);
    expect(describeViolations(await runAxe(page))).toEqual([]);

    // By keyboard: the remove button, then Enter.
    await section(page).getByRole("button", { name: "Remove picture" }).focus();
    await page.keyboard.press("Enter");
    await section(page).getByRole("status").filter({ hasText: "Your picture is removed." }).waitFor();
    expect(await picture(page).count()).toBe(0);
    await expect.poll(() => headerPicture(page).count()).toBe(0);
    // The focus left the vanished button for the file picker.
    expect(await fileInput(page).evaluate((input) => document.activeElement === input)).toBe(true);
    expect(await served(context, url)).toMatchObject({ status: 404 });
  } finally {
    await close(visitor);
  }
});

it("without JavaScript: the same by plain form posts", { timeout: 90_000 }, async () => {
  const visitor = await open({ js: false });
  const { page, context } = visitor;
  try {
    await withoutPicture(context);
    await page.goto("/sr/cabinet/personal/");
    const region = page.getByRole("region", { name: "Profilna slika" });
    /** The documents the posts answered, for the Nu validator (no script has touched them). */
    const documents: Record<string, string> = {};

    await region.getByLabel("Nova slika").setInputFiles({
      name: "beleske.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo at all"),
    });
    await region.getByRole("button", { name: "Sačuvaj sliku" }).click();
    await region.getByText("Ova datoteka nije fotografija", { exact: false }).waitFor();
    expect(await fieldState(region.getByLabel("Nova slika"))).toMatchObject({
      invalid: "true",
      message: "Ova datoteka nije fotografija: otpremite sliku u formatu JPEG, PNG ili WebP.",
    });
    documents.refused = await page.content();

    await region.getByLabel("Nova slika").setInputFiles({
      name: "ja.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(SMALL_JPEG),
    });
    await region.getByRole("button", { name: "Sačuvaj sliku" }).click();
    await region.getByText("Slika je sačuvana.").waitFor();
    const url = (await region.getByRole("img", { name: "Vaša profilna slika" }).getAttribute("src"))!;
    expect(await served(context, url)).toEqual({ status: 200, type: "image/webp" });
    expect(await headerPicture(page).getAttribute("src")).toBe(url);
    documents.saved = await page.content();

    await region.getByRole("button", { name: "Ukloni sliku" }).click();
    await region.getByText("Slika je uklonjena.").waitFor();
    expect(await headerPicture(page).count()).toBe(0);
    expect(await served(context, url)).toMatchObject({ status: 404 });
    documents.removed = await page.content();

    for (const [name, result] of Object.entries(await validateHtml(documents))) {
      expect(describeVnu(result.errors), name).toEqual([]);
    }
  } finally {
    await close(visitor);
  }
});
