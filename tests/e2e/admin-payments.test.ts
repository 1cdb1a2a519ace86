/**
 * In Chromium without JavaScript (decision 061): a new account pays for a phone reveal; the
 * admin finds the payment in the ledger by the person, refunds it through plain form posts (a reason, the
 * amount left by default; a bad amount named next to its field first), sees it refunded and the filter's
 * totals, then changes a price on the prices page and sees it saved (restored afterwards: the tests'
 * database outlives the run).
 */
import { expect, it } from "vitest";
import type { AdminPaymentsResponse } from "#shared/api/admin-payments.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { fileBrowser } from "./browser.ts";
import { payForReveal } from "./pay-for-reveal.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS]);

it("an admin refunds a payment and changes a price, without JavaScript", async () => {
  // A payer: a new account revealing the number of one of the newest listings (never theirs).
  const payer = await open();
  let userId: number;
  try {
    await signUp(payer.context, "Refund E2E");
    const me = await api<{ data: { id: number } }>(payer.context, "GET", "/api/cabinet/user");
    userId = me.body.data.id;
    const found = await api<{ items: ApiListing[] }>(
      payer.context,
      "GET",
      "/api/realty/search?per_page=20&sort=newest",
    );
    await payer.page.goto("/about/");
    expect(await payForReveal(payer.page, found.body.items[0]!.id)).toBe("succeeded");
  } finally {
    await close(payer);
  }

  const admin = await open({ js: false });
  const { page, context } = admin;
  const before = await (async () => {
    await signIn(context, "admin");
    return (await api<{ items: { product: string; amount_cents: number }[] }>(context, "GET", "/api/admin/prices")).body
      .items;
  })();
  try {
    await page.goto(`/admin/payments/?person=${userId}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Payments");
    const row = page.locator("tbody tr");
    await expect(row.count()).resolves.toBe(1);
    await expect(row.textContent()).resolves.toContain("Paid");
    await page.getByRole("link", { name: /^Refund payment / }).click();

    // A bad amount is named next to its field, and nothing is refunded.
    const amount = page.getByLabel(/^Amount to give back/);
    await expect(amount.inputValue()).resolves.toMatch(/^\d+\.\d{2}$/);
    await amount.fill("a lot");
    await page.getByLabel("Reason").fill("Number shown was wrong");
    await page.getByRole("button", { name: "Give the money back" }).click();
    await expect(page.getByLabel(/^Amount to give back/).getAttribute("aria-invalid")).resolves.toBe("true");
    const [errorId] = (await amount.getAttribute("aria-describedby"))!.split(" ");
    await expect(page.locator(`[id="${errorId}"]`).textContent()).resolves.toBe("Check this field.");

    await amount.fill("");
    await page.getByLabel("Reason").fill("Number shown was wrong");
    await page.getByRole("button", { name: "Give the money back" }).click();
    await page.waitForURL(/refunded=pi_/);
    await expect(page.getByTestId("payments-status").textContent()).resolves.toMatch(/refunded in all/);
    await expect(row.textContent()).resolves.toContain("Refunded");
    await expect(page.getByRole("link", { name: /^Refund payment / }).count()).resolves.toBe(0);
    const ledger = await api<AdminPaymentsResponse>(context, "GET", `/api/admin/payments?person=${userId}`);
    expect(ledger.body.totals.refunded_cents).toBe(ledger.body.items[0]!.amount_cents);
    expect(ledger.body.items[0]!.status).toBe("refunded");

    // A price changed on the prices page.
    await page.goto("/admin/payments/prices/");
    const field = page.getByLabel(/^Highlight · 30 days/);
    const old = await field.inputValue();
    await field.fill("13.45");
    await page.getByRole("button", { name: "Save the prices" }).click();
    await page.waitForURL(/done=saved/);
    await expect(page.getByTestId("prices-status").textContent()).resolves.toMatch(/prices are saved/);
    await expect(page.getByLabel(/^Highlight · 30 days/).inputValue()).resolves.toBe("13.45");
    expect(old).not.toBe("13.45");
  } finally {
    const prices = Object.fromEntries(before.map((item) => [item.product, item.amount_cents]));
    expect((await api(context, "PUT", "/api/admin/prices", { prices })).status).toBe(200);
    // The bad amount's post answers 400 on purpose (the form with its error).
    await close(admin, [/^console\.error: Failed to load resource: the server responded with a status of 400/]);
  }
}, 120_000);
