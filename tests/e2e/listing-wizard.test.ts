/**
 * The listing wizard in Chromium with JavaScript (decision 033): the development user goes from
 * `/listing/create/` through every step to "Submit for review" without a page load, the step heading
 * takes the focus and the document title names the step; address suggestions come as they type. Then
 * axe and the Nu validator check every step in Russian (the audit project checks others).
 */
import { expect, inject, it } from "vitest";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { fileBrowser, hydrated, pagePerTest, validateHtml } from "./browser.ts";
import { ABANDONED_LOOKUPS, LEFT_SCRIPTS, signUp, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
// Signed in, Chromium reports the `.data` revalidations React Router supersedes as aborted requests.
const page = pagePerTest(
  browser,
  {
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: {
      "cf-connecting-ip": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  },
  [
    SUPERSEDED_DATA,
    ABANDONED_LOOKUPS,
    // The preview's "Show on the map" chunk, left loading by the next page.
    LEFT_SCRIPTS,
    // The price refused on purpose: its form post answers 400.
    /^console\.error: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
  ],
);

const STEPS = ["type", "params", "description", "conditions", "photos", "check"];

/** An owner of its own, signed up in the page's cookies. */
async function signIn() {
  await signUp(page(), "Wizard Owner");
}

/** The focused element's text (the step heading after a step change). */
const focused = () => page().evaluate(() => document.activeElement?.textContent ?? "");

it("creates and submits a flat step by step without a page load, then every step passes axe and Nu", async () => {
  const p = page();
  await signIn();
  const documents: string[] = [];
  p.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await p.goto("/listing/create/");
  await hydrated(p);
  await p.evaluate(() => ((window as unknown as { marker: number }).marker = 18));

  await p.getByRole("group", { name: "Sell" }).getByLabel("Apartment").check();
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\/listing\/edit\/\d+\/\?step=params$/);
  const id = Number(/edit\/(\d+)\//.exec(p.url())![1]);
  await expect.poll(focused).toBe("Property");
  await expect.poll(() => p.title()).toMatch(/^Property — new listing No\. \d+/);

  // Suggestions from the gazetteer as the owner types (a combobox's list); choosing one sets the city.
  const address = p.getByRole("combobox", { name: /^Address/ });
  await address.pressSequentially("Vrač", { delay: 30 });
  const options = p.getByRole("listbox").getByRole("option");
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  await address.press("ArrowDown");
  expect(await address.getAttribute("aria-activedescendant")).toBe(await options.first().getAttribute("id"));
  await address.press("Enter");
  await expect.poll(() => p.getByLabel(/^City/).inputValue()).not.toBe("");
  expect(await address.getAttribute("aria-expanded")).toBe("false");
  await address.fill("Bulevar kralja Aleksandra 12, Vračar");
  await p.getByLabel(/^Area/).fill("64");
  await p.getByLabel(/^Rooms/).fill("2,5");
  await p.getByRole("group", { name: "Lift" }).getByLabel("Yes").check();
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=description$/);
  await expect.poll(focused).toBe("Description");
  await expect.poll(() => p.title()).toMatch(/^Description — new listing/);

  // The counter follows the text; an empty title shows the one written from the facts.
  const text = "Svetao stan blizu parka, renoviran prošle godine, sa pogledom.";
  await p.getByRole("textbox", { name: /^Description/ }).fill(text);
  await expect.poll(() => p.getByText(`${text.length} / 5,000`).count()).toBe(1);
  await expect.poll(() => p.getByText(/^Title we will use: “2\.5-room apartment for sale, 64 m²/).count()).toBe(1);
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=conditions$/);
  await expect.poll(focused).toBe("Price and terms");

  // A refused value comes back next to its field, still without a load.
  await p.getByRole("textbox", { name: /^Price/ }).fill("lots");
  await p.getByRole("button", { name: "Save and continue" }).click();
  await expect.poll(() => p.getByText("Enter a number.").count()).toBe(1);
  expect(await p.getByRole("textbox", { name: /^Price/ }).getAttribute("aria-invalid")).toBe("true");
  // A price of its own: the same flat at the same price again would be a possible duplicate.
  const price = 100_000 + Math.floor(Math.random() * 800_000);
  await p
    .getByRole("textbox", { name: /^Price/ })
    .fill(`${Math.floor(price / 1000)} ${String(price % 1000).padStart(3, "0")}`);
  await p.getByRole("button", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=photos$/);
  await p.getByRole("link", { name: "Save and continue" }).click();
  await p.waitForURL(/\?step=check$/);
  await expect.poll(focused).toBe("Check and submit");
  await expect.poll(() => p.getByText(`${price.toLocaleString("en-GB")} €`).count()).toBe(1);
  expect(
    await p
      .getByRole("navigation", { name: "Steps of the listing" })
      .getByRole("link", { name: "Check and submit" })
      .getAttribute("aria-current"),
  ).toBe("step");

  await p.getByRole("button", { name: "Submit for review" }).click();
  await p.waitForURL(new RegExp(`/listing/preview/${id}/$`));
  // One document load: the create page. Everything after it happened in place.
  expect(await p.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(18);
  expect(documents).toHaveLength(1);

  const html: Record<string, string> = {};
  // In one language, Russian: the audit project takes the three by turns (decision 063).
  {
    const prefix = "/ru";
    for (const step of STEPS) {
      const path = `${prefix}/listing/edit/${id}/?step=${step}`;
      await p.goto(path);
      await hydrated(p);
      expect(describeViolations(await runAxe(p)), path).toEqual([]);
      html[path] = await (await p.request.get(path)).text();
    }
  }
  html["/listing/create/"] = await (await p.request.get("/listing/create/")).text();
  for (const [path, result] of Object.entries(await validateHtml(html))) {
    expect(describeVnu(result.errors), path).toEqual([]);
  }
}, 180_000);
