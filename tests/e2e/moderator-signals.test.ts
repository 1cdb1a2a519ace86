/**
 * Decision 088 in Chromium: a moderator sees the seed's low-price and photo-match signals on the queue's
 * cards, with a link to the listing the photos are in; a visitor of a public listing priced far under its
 * city's median sees the calm warning and follows its link to /safety/, with JavaScript and without.
 */
import { expect, inject, it } from "vitest";
import type { ApiModerationItem } from "#shared/api/cabinet.ts";
import type { Paged } from "#shared/api/conventions.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { publicListing } from "./listings.ts";
import { api, CSP_PRELOADS, LEFT_SCRIPTS, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
// The second queue page is opened while the first one's lazy chunks may still be loading.
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA, LEFT_SCRIPTS]);

it("shows a moderator the low-price and photo-match signals, linking to the matching listing", async () => {
  const moderator = await open();
  await signIn(moderator.context, "admin");
  // The seed's signals (harness/seed/signals.ts), found page by page through the API.
  const items: ApiModerationItem[] = [];
  for (let n = 1; ; n++) {
    const res = await api<Paged<ApiModerationItem>>(
      moderator.context,
      "GET",
      `/api/admin/realty/moderation?page=${n}&per_page=50`,
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (n * 50 >= res.body.total) break;
  }
  const low = items.find((item) => item.signals.some((s) => s.code === "low_price"))!;
  const copied = items.find((item) => item.signals.some((s) => s.code === "photo_match"))!;
  expect(low, "a low-priced listing in the queue").toBeDefined();
  expect(copied, "a listing with copied photos in the queue").toBeDefined();
  // Low-priced listings come before the other submissions (after the reported ones).
  const firstPlain = items.findIndex(
    (item) => !item.hidden_by_reports && !item.reported_public && !item.signals.some((s) => s.code === "low_price"),
  );
  expect(items.indexOf(low)).toBeLessThan(firstPlain);

  const { page } = moderator;
  await page.goto(`/admin/moderation/?listing=${low.id}`);
  await hydrated(page);
  const lowCard = page.locator(`[data-testid="moderation-item"][data-id="${low.id}"]`);
  const lowSignal = lowCard.locator('[data-signal="low_price"]');
  await expect
    .poll(() => lowSignal.textContent(), { timeout: 15_000 })
    .toMatch(/^Low price: .+ is under half the median .+ of \d+ listings/);

  await page.goto(`/admin/moderation/?listing=${copied.id}`);
  await hydrated(page);
  const match = copied.signals.find((s) => s.code === "photo_match")!;
  const photoSignal = page.locator(`[data-id="${copied.id}"] [data-signal="photo_match"]`);
  await expect.poll(() => photoSignal.textContent(), { timeout: 15_000 }).toContain("Photo match:");
  const link = photoSignal.getByRole("link", { name: `listing No. ${match.listing.id}` });
  expect(await link.getAttribute("href")).toBe(match.listing.path);
  // The link leads to the public listing (followed as a request: the page's own beacons would outlive the test).
  const target = await page.request.get(match.listing.path);
  expect(target.status()).toBe(200);
  expect(await target.text()).toContain('data-testid="listing-detail"');
  await close(moderator);
});

it("warns a visitor calmly of a price far below the city's, linking to /safety/ with and without JavaScript", async () => {
  const owner = await open();
  const admin = await open();
  await signUp(owner.context, "Bait E2E");
  await signIn(admin.context, "admin");
  // 100 € per m² for a Belgrade flat for sale: a small share of the city's median.
  const id = await publicListing(owner.context, admin.context, {
    city: "beograd",
    address: "Knez Mihailova 1",
    lat: 44.817,
    lng: 20.457,
    area: 50,
    description: "A bright flat in the centre, offered at a price that seems too good to be true.",
    price: 5_000,
  });
  const detail = await api<{ data: ApiListingDetail }>(owner.context, "GET", `/api/realty/${id}`);
  expect(detail.body.data.price_warning).toMatchObject({ scope: "city" });
  const path = detail.body.data.path;
  await close(owner);
  await close(admin);

  for (const js of [true, false]) {
    const visitor = await open({ js });
    const { page } = visitor;
    await page.goto(path);
    if (js) await hydrated(page);
    const warning = page.getByTestId("price-warning");
    expect(await warning.getByRole("heading").textContent()).toBe("Before you pay anything");
    expect(await warning.textContent()).toContain("Never pay a deposit or rent before you have seen the property");
    await warning.getByRole("link", { name: "How to rent and buy safely in Serbia" }).click();
    await page.waitForURL(`${baseURL}/safety/`);
    expect(await page.locator("h1").count()).toBe(1);
    await close(visitor);
  }
});
