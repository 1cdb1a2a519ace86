/**
 * The finished wizard in Chromium (decision 069): the type is chosen on cards by keyboard; an empty
 * "Property" step stops with the errors beside its fields and the focus on the first; the stepper marks
 * only steps tried; photos dropped on the zone keep the order they were dropped in, and the cover is
 * chosen; the check step shows them, the year as written and a preview link; the draft's preview says it
 * is not published and "Show on the map" in words. At 390 × 844 no wizard page scrolls sideways.
 */
import { expect, inject, it } from "vitest";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { gradientPng } from "#tests/fixtures/photos.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";
import { ABANDONED_LOOKUPS, LEFT_SCRIPTS, signUp, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const page = pagePerTest(
  browser,
  {
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: {
      "cf-connecting-ip": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  },
  [
    SUPERSEDED_DATA,
    ABANDONED_LOOKUPS,
    LEFT_SCRIPTS,
    // The empty step refused on purpose: its form post answers 400.
    /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
  ],
);
const SAME_ORIGIN = { "x-requested-with": "XMLHttpRequest", origin: baseURL };

/** An owner of its own: the development user's daily drafts (DRAFTS_PER_USER_PER_DAY) are the other files'. */
async function signIn() {
  await signUp(page().context(), "Wizard Owner");
}

const photosOf = async (id: number) =>
  ((await (await page().request.get(`/api/realty/edit/${id}/images`)).json()) as { items: ApiListingPhoto[] }).items;
/** The steps the stepper marks, and how. */
const marked = () =>
  page()
    .getByRole("navigation", { name: "Steps of the listing" })
    .getByRole("listitem")
    .evaluateAll((items) =>
      items
        .map((item) => [
          item.querySelector("a, span")!.textContent,
          item.querySelector(".visually-hidden")?.textContent,
        ])
        .filter(([, mark]) => mark),
    );

it("goes from type cards through a refused step to ordered photos, the check and the draft's preview", async () => {
  const p = page();
  await signIn();
  await p.goto("/listing/create/");
  await hydrated(p);

  // Cards over radio buttons: arrow keys move the choice as in any radio group.
  const sell = p.getByRole("group", { name: "Sell" });
  await sell.getByRole("radio", { name: "Apartment" }).check();
  await p.keyboard.press("ArrowRight");
  expect(await sell.getByRole("radio", { name: "House" }).isChecked()).toBe(true);
  await p.keyboard.press("ArrowLeft");
  expect(await sell.getByRole("radio", { name: "Apartment" }).isChecked()).toBe(true);
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\/listing\/edit\/\d+\/\?step=params$/);
  const id = Number(/edit\/(\d+)\//.exec(p.url())![1]);
  await expect.poll(marked).toEqual([["Type", "(done)"]]);
  expect(await p.getByRole("heading", { level: 1 }).textContent()).toBe("New listing");

  // Saved empty: refused, each required field says so, the focus on the first; the step is marked.
  await p.getByRole("button", { name: "Save and continue" }).click();
  await expect.poll(() => p.getByText("Fill in this field.").count()).toBeGreaterThanOrEqual(4);
  expect(p.url()).toMatch(/\?step=params$/);
  await expect.poll(() => p.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe("city");
  for (const label of [/^City/, /^Address/, /^Area/, /^Rooms/]) {
    expect(await p.getByLabel(label).getAttribute("aria-invalid"), String(label)).toBe("true");
  }
  await expect.poll(marked).toEqual([
    ["Type", "(done)"],
    ["Property", "(required fields missing)"],
  ]);

  await p.getByLabel(/^City/).selectOption("beograd");
  await p.getByLabel(/^Address/).fill("Resavska 30");
  await p.getByLabel(/^Latitude/).fill("44.8040");
  await p.getByLabel(/^Longitude/).fill("20.4651");
  await p.getByLabel(/^Area/).fill("58");
  await p.getByLabel(/^Rooms/).fill("2");
  await p.getByLabel(/^Year built/).fill("1972");
  expect(await p.getByText("A year from 1800 to 2100.").count()).toBe(1);
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=description$/);
  await p
    .getByRole("textbox", { name: /^Description/ })
    .fill("A quiet two-room flat near the Sava, renovated in 2020.");
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=conditions$/);
  await p.getByRole("textbox", { name: /^Price/ }).fill(String(100_000 + Math.floor(Math.random() * 800_000)));
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=photos$/);

  // Three photos dropped on the zone, told apart by their widths: their order is the one dropped.
  const zone = p.getByTestId("photo-drop-zone");
  await p.locator("input[type=file]:not([name])").waitFor();
  expect(await zone.getByText("Choose photos").isVisible()).toBe(true);
  const widths = [90, 40, 70];
  const files = await Promise.all(
    widths.map(async (w) => ({ w, b64: Buffer.from(await gradientPng(w, 30)).toString("base64") })),
  );
  const dropped = await p.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { w, b64 } of list) {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], `w${w}.png`, { type: "image/png" }));
    }
    return transfer;
  }, files);
  await zone.dispatchEvent("dragover", { dataTransfer: dropped });
  await zone.dispatchEvent("drop", { dataTransfer: dropped });
  await expect.poll(() => p.getByText("3 of 30 photos").count()).toBe(1);
  await expect.poll(async () => (await photosOf(id)).map((photo) => photo.width)).toEqual(widths);
  // The owner picks the cover.
  await p.getByRole("button", { name: "Make photo 3 the cover" }).click();
  await expect.poll(async () => (await photosOf(id)).map((photo) => photo.width)).toEqual([70, 90, 40]);

  await p.getByRole("link", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=check$/);
  const thumbs = p.getByRole("list", { name: "Photos of the listing, the cover first" }).getByRole("img");
  // The URL changes before the step renders: wait for its photos.
  await expect
    .poll(() => thumbs.evaluateAll((images) => images.map((image) => image.getAttribute("width"))))
    .toEqual(["70", "90", "40"]);
  expect(await p.getByText("1972", { exact: true }).count()).toBe(1);
  expect(await p.getByText("58 m²", { exact: true }).count()).toBe(1);
  expect(await p.getByRole("heading", { level: 1 }).textContent()).toBe("New listing");

  await p.getByRole("link", { name: "See how it looks" }).click();
  await p.waitForURL(new RegExp(`/listing/preview/${id}/$`));
  await hydrated(p);
  await p.getByText("Not published yet").waitFor();
  expect(await p.getByText(/^Published /).count()).toBe(0);
  await p.getByRole("button", { name: "Show on the map" }).waitFor();
  expect(await p.getByText("map.show").count()).toBe(0);
}, 120_000);

it("fits a 390 px phone: no wizard page scrolls sideways, in Russian", async () => {
  const p = page();
  await p.setViewportSize({ width: 390, height: 844 });
  await signIn();
  const created = await p.request.post("/api/realty/edit/type", { headers: SAME_ORIGIN, data: { type_id: 4 } });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const paths = [
    "/ru/listing/create/",
    ...["type", "params", "description", "conditions", "photos", "check"].map(
      (step) => `/ru/listing/edit/${id}/?step=${step}`,
    ),
    `/ru/listing/preview/${id}/`,
  ];
  for (const path of paths) {
    await p.goto(path);
    await hydrated(p);
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
}, 90_000);
