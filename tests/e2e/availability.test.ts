/**
 * Availability confirmed, not assumed (decision 084), in Chromium: the Cron Trigger asks the development user
 * about their seeded listings due for a confirmation (harness/seed/listings.ts `devAvailability`); an e-mail's
 * "Still available" link, opened without JavaScript and signed out, confirms its listing once; and the
 * cabinet's banner confirms another with a plain form post. Each run answers two of the seeded ones.
 */
import type { BrowserContext } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { OutboxItem } from "#shared/api/auth.ts";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const baseURL = inject("baseURL");
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);
const owner = DEV_ACCOUNTS.find((account) => account.role === "user")!;

/** The owner's listings due for a confirmation, as the cabinet's banner reads them. */
async function due(context: BrowserContext) {
  const res = await api<{ items: ApiOwnerListing[] }>(context, "GET", "/api/cabinet/realties/due");
  expect(res.status).toBe(200);
  return res.body.items.map((item) => item.id);
}

it(
  "an e-mail's link confirms without JavaScript, once; the cabinet's banner confirms with a form post",
  { timeout: 120_000 },
  async () => {
    const reader = await open({ js: false });
    const cabinet = await open({ js: false });
    try {
      await signIn(cabinet.context, "user");
      const before = await due(cabinet.context);
      expect(before.length).toBeGreaterThan(1);

      // The Cron Trigger asks (now, or a run before this one did: one question a cycle, one e-mail a run).
      expect((await fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*`)).status).toBe(200);
      const outbox = await reader.page.request.get(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`);
      const letters = ((await outbox.json()) as { items: OutboxItem[] }).items.filter(
        (item) => item.purpose === "availability_question",
      );
      const links = letters.flatMap((letter) => [
        ...letter.body.matchAll(/https?:\/\/\S+\/listing\/availability\/(\d+)\/\?token=\S+&outcome=available/g),
      ]);
      // A listing still due whose question an e-mail carries.
      const asked = links.find((link) => before.includes(Number(link[1])));
      expect(asked).toBeDefined();
      const id = Number(asked![1]);
      const url = new URL(asked![0]);

      // Opened signed out and without JavaScript: one button; posting it confirms.
      const { page } = reader;
      await page.goto(url.pathname + url.search);
      await page.getByRole("button", { name: "Yes, still available" }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId("availability-done").textContent()).toContain("Availability confirmed today");
      expect(await due(cabinet.context)).not.toContain(id);
      // The same link again: already used.
      await page.goto(url.pathname + url.search);
      await page.getByRole("button", { name: "Yes, still available" }).click();
      await page.waitForLoadState();
      expect(await page.getByTestId("availability-problem").textContent()).toContain("This link was already used");

      // The cabinet's banner names every listing still due, whatever tab is open, and confirms one.
      const view = cabinet.page;
      // Accessible, and nothing scrolls sideways on a 320 px screen, in Serbian (the longest words).
      const phone = await open({ locale: "sr" });
      try {
        await signIn(phone.context, "user");
        await phone.page.goto("/sr/cabinet/");
        await hydrated(phone.page);
        await phone.page.getByTestId("availability-banner").waitFor();
        expect(describeViolations(await runAxe(phone.page))).toEqual([]);
        await phone.page.setViewportSize({ width: 320, height: 800 });
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      } finally {
        await close(phone);
      }
      await view.goto("/cabinet/?tab=drafts");
      const items = view.getByTestId("availability-item");
      const shown = (await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-id")))).map(Number);
      expect(shown).toEqual((await due(cabinet.context)).slice(0, shown.length));
      const other = shown[0]!;
      await view
        .locator(`[data-testid="availability-item"][data-id="${other}"]`)
        .getByRole("button", { name: /^Still available: / })
        .click();
      await view.waitForLoadState();
      expect(new URL(view.url()).searchParams.get("done")).toBe("available");
      expect(await view.textContent("main")).toContain("Thank you: the listing's availability is confirmed.");
      expect(await view.locator(`[data-testid="availability-item"][data-id="${other}"]`).count()).toBe(0);
      expect(await due(cabinet.context)).not.toContain(other);
      // Visitors see it: its page says it was confirmed today.
      const listing = await api<{ data: { path: string } }>(cabinet.context, "GET", `/api/realty/${other}`);
      await view.goto(listing.body.data.path);
      expect(await view.getByTestId("detail-confirmed").textContent()).toBe("Availability confirmed today");
    } finally {
      await close(reader, [/status of 410/]);
      await close(cabinet);
    }
  },
);

it("the search form's control keeps to listings confirmed within the chosen days, without JavaScript", async () => {
  const visitor = await open({ js: false });
  try {
    const { page } = visitor;
    await page.goto("/rent/apartment/");
    const everyCard = await page.getByTestId("card-confirmed").count();
    expect(everyCard).toBeGreaterThan(0);
    // The control is among the further filters, a native <details>; the form is a plain GET.
    await page.getByText("More filters").click();
    await page.getByLabel("Availability confirmed").selectOption({ label: "Within the last 3 days" });
    await page.getByRole("button", { name: "Show listings" }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).searchParams.get("confirmed_within")).toBe("3");
    expect(await page.getByLabel("Availability confirmed").inputValue()).toBe("3");
    const confirmed = await page
      .getByTestId("card-confirmed")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")!));
    expect(confirmed.length).toBeGreaterThan(0);
    // Within the server's three days (a minute's leeway for the time between its answer and this check).
    for (const at of confirmed)
      expect(Date.now() - Date.parse(at)).toBeLessThanOrEqual(3 * 24 * 60 * 60 * 1000 + 60_000);
    // Fewer than without it: the seed confirmed its listings over the whole cycle.
    const total = async () => Number((await page.locator("#results-count").textContent())!.replace(/\D/g, ""));
    const recent = await total();
    await page.goto("/rent/apartment/");
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(await total());
  } finally {
    await close(visitor);
  }
});
