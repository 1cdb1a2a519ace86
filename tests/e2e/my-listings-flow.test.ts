/**
 * The two sides together in Chromium: the development user submits a flat; the admin
 * rejects it from the moderation queue with a reason from the list and words of their own; the owner reads
 * both on the listing's card in "My listings", edits the description in the wizard and submits it again;
 * the admin approves it from the queue; the owner finds it on the active tab and on the public site.
 * (The cabinet's own actions — renew, archive, restore, delete — are tests/e2e/cabinet.test.ts, with and
 * without JavaScript; reporting and the queue's details are tests/e2e/moderation.test.ts.)
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();

const EXPECTED = [SUPERSEDED_DATA];

const { open, close } = sessions(browser, EXPECTED);

/** A visitor signed in as the development account of `role`, or as a new owner of its own. */
async function session(role: "owner" | "admin") {
  const visitor = await open();
  if (role === "owner") await signUp(visitor.context, "Flow Owner");
  else await signIn(visitor.context, role);
  return visitor;
}

const card = (page: Page, id: number) => page.locator(`article[data-id="${id}"]`);

/** Opens the queue's page that holds the listing (oldest first: a new submission is on the last). */
async function openQueueAt(admin: BrowserContext, page: Page, id: number) {
  const all = await api<{ total: number; per_page: number }>(admin, "GET", "/api/admin/realty/moderation?per_page=1");
  const perPage = 20;
  for (let n = Math.max(1, Math.ceil(all.body.total / perPage)); n >= 1; n--) {
    const items = await api<{ items: { id: number }[] }>(
      admin,
      "GET",
      `/api/admin/realty/moderation?page=${n}&per_page=${perPage}`,
    );
    if (items.body.items.some((item) => item.id === id)) {
      await page.goto(`/admin/moderation/?page=${n}`);
      await hydrated(page);
      return card(page, id);
    }
  }
  throw new Error(`listing ${id} is not in the moderation queue`);
}

it(
  "the admin rejects with a reason, the owner edits and resubmits, the admin approves",
  { timeout: 180_000 },
  async () => {
    const owner = await session("owner");
    const admin = await session("admin");
    let id = 0;
    try {
      // The owner's flat, through the wizard's API, waiting for review.
      const price = 400_000 + Math.floor(Math.random() * 500_000);
      const created = await api<{ data: { id: number } }>(owner.context, "POST", "/api/realty/edit/type", {
        type_id: 4,
      });
      id = created.body.data.id;
      for (const [step, values] of [
        [
          "params",
          {
            city: "novi-sad",
            address: "Flow street 9",
            lat: 45.25,
            lng: 19.84,
            area: 61,
            rooms: 2,
            floor: 3,
            floors: 6,
          },
        ],
        ["description", { description: "Two rooms, quiet street, ten minutes from the centre by bus.", lang: "en" }],
        ["conditions", { price }],
      ] as const) {
        expect((await api(owner.context, "POST", `/api/realty/edit/${step}`, { id, ...values })).status).toBe(200);
      }
      expect((await api(owner.context, "POST", "/api/realty/edit/force", { id })).status).toBe(200);

      // The admin finds it in the queue and rejects it: a reason from the list and words of their own.
      const queue = admin.page;
      let pending = await openQueueAt(admin.context, queue, id);
      await pending.getByText("Reject with a reason…").click();
      await pending.getByRole("combobox", { name: "Reason from the list" }).selectOption("photos");
      await pending.getByRole("textbox", { name: "Note to the owner" }).fill("Add a photo of the kitchen, please.");
      await pending.getByRole("button", { name: "Reject", exact: true }).click();
      await card(queue, id).waitFor({ state: "detached" });

      // The owner reads both on the card of the "on review" tab.
      const cabinet = owner.page;
      await cabinet.goto("/cabinet/?tab=moderation");
      await hydrated(cabinet);
      const rejected = card(cabinet, id);
      await expect.poll(() => rejected.getAttribute("data-status")).toBe("rejected");
      const reason = await rejected.getByTestId("rejection").textContent();
      expect(reason).toContain("Add a photo of the kitchen, please.");
      expect(reason).toMatch(/photo/i);

      // Edits the description in the wizard, then submits it again from its check step.
      await rejected.getByRole("link", { name: /^Edit: / }).click();
      await cabinet.waitForURL(new RegExp(`/listing/edit/${id}/`));
      await hydrated(cabinet);
      await cabinet.goto(`/listing/edit/${id}/?step=description`);
      await hydrated(cabinet);
      await cabinet
        .getByRole("textbox", { name: /^Description/ })
        .fill("Two rooms, quiet street, ten minutes from the centre by bus. New photos of the kitchen added.");
      await cabinet.getByRole("button", { name: "Save and continue" }).click();
      await cabinet.waitForURL(/\?step=conditions$/);
      await cabinet.goto(`/listing/edit/${id}/?step=check`);
      await hydrated(cabinet);
      await cabinet.getByRole("button", { name: "Submit for review" }).click();
      await expect
        .poll(
          async () =>
            (await api<{ data: { status: string } }>(owner.context, "GET", `/api/realty/edit/${id}`)).body.data.status,
        )
        .toBe("pending");

      // The admin approves it from the queue.
      pending = await openQueueAt(admin.context, queue, id);
      await pending.getByRole("button", { name: "Approve and publish" }).click();
      await card(queue, id).waitFor({ state: "detached" });

      // Public: on the owner's active tab, and on the site.
      await cabinet.goto("/cabinet/?tab=active");
      await hydrated(cabinet);
      await expect.poll(() => card(cabinet, id).getAttribute("data-status")).toBe("active");
      const publicPage = await card(cabinet, id)
        .getByRole("link", { name: /^Public page: / })
        .getAttribute("href");
      const res = await owner.page.request.get(publicPage!);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain("New photos of the kitchen added.");
    } finally {
      if (id) await api(owner.context, "DELETE", `/api/cabinet/realties/${id}`);
      await close(owner);
      await close(admin);
    }
  },
);
