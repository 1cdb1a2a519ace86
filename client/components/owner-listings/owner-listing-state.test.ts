import { describe, expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { cabinetHref, expectedListing, isCardIntent, parseTab, tabOfStatus } from "./owner-listing-state.ts";

const NOW = Date.UTC(2026, 10, 25, 12);

const listing = (values: Partial<ApiOwnerListing> = {}): ApiOwnerListing => ({
  id: 7,
  status: "active",
  deal: "sale",
  type: "apartment",
  type_id: 4,
  title: "Flat",
  title_lang: "en",
  path: "/buy/apartment/beograd/7/",
  city: { slug: "beograd", name: "Belgrade" },
  district: null,
  price: 100_000,
  currency: "EUR",
  image: null,
  image_count: 0,
  created_at: "2026-10-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  expires_at: "2026-11-27T00:00:00.000Z",
  days_left: 1,
  published_at: "2026-10-02T00:00:00.000Z",
  checked_at: null,
  confirmed_at: "2026-11-01T00:00:00.000Z",
  confirm_due: false,
  unconfirmed_at: null,
  archive_reason: null,
  submitted_at: null,
  rejection_code: null,
  rejection_reason: null,
  hidden_by_reports: false,
  hidden_by_staff: null,
  changes: null,
  totals: { views: 3, contacts: 1, favourites: 0 },
  actions: ["edit", "preview", "archive", "renew", "relevant", "delete", "statistics"],
  ...values,
});

describe("the cabinet's URLs", () => {
  it("name the tab and a page after the first", () => {
    expect(cabinetHref("active")).toBe("/cabinet/?tab=active");
    expect(cabinetHref("archive", 3)).toBe("/cabinet/?tab=archive&page=3");
    expect(cabinetHref("drafts", 1, { confirm: 9 })).toBe("/cabinet/?tab=drafts&confirm=9");
  });

  it("read a tab, the first one for anything else", () => {
    expect(parseTab("moderation")).toBe("moderation");
    expect(parseTab(null)).toBe("active");
    expect(parseTab("deleted")).toBe("active");
    expect(tabOfStatus("rejected")).toBe("moderation");
    expect(tabOfStatus("draft")).toBe("drafts");
    expect(isCardIntent("force")).toBe(true);
    expect(isCardIntent("approve")).toBe(false);
  });
});

describe("a card while its action is on its way", () => {
  it("is archived at once, with the archive's actions and no run", () => {
    expect(expectedListing(listing(), "archive", NOW)).toMatchObject({
      status: "archived",
      path: null,
      days_left: null,
      expires_at: null,
      actions: ["preview", "restore", "delete", "statistics"],
    });
  });

  it("is public again for a new run when it was ever published, else waiting for review", () => {
    const archived = expectedListing(listing(), "archive", NOW)!;
    expect(expectedListing(archived, "restore", NOW)).toMatchObject({
      status: "active",
      days_left: LISTING_RUN_DAYS,
      checked_at: new Date(NOW).toISOString(),
    });
    expect(expectedListing({ ...archived, published_at: null }, "restore", NOW)).toMatchObject({
      status: "pending",
      actions: ["edit", "preview", "archive", "delete"],
    });
  });

  it("runs 30 more days when renewed, is checked now when still available, and is gone when deleted", () => {
    expect(expectedListing(listing(), "renew", NOW)).toMatchObject({
      status: "active",
      days_left: LISTING_RUN_DAYS,
      expires_at: new Date(NOW + LISTING_RUN_DAYS * 86_400_000).toISOString(),
    });
    expect(expectedListing(listing(), "relevant", NOW)!.checked_at).toBe(new Date(NOW).toISOString());
    expect(expectedListing(listing(), "delete", NOW)).toBeNull();
  });

  it("waits for review once submitted, its rejection left behind", () => {
    const rejected = listing({ status: "rejected", rejection_code: "price", rejection_reason: "Too low" });
    expect(expectedListing(rejected, "submit", NOW)).toMatchObject({
      status: "pending",
      rejection_code: null,
      rejection_reason: null,
    });
  });
});
