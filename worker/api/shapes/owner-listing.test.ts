import { describe, expect, it } from "vitest";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { daysLeft } from "./owner-listing.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("days left of a run", () => {
  it("counts calendar days in Serbia, whatever the hour", () => {
    // 23:30 in Belgrade (UTC+1 in November).
    const now = Date.UTC(2026, 10, 25, 22, 30);
    expect(daysLeft(now + LISTING_RUN_DAYS * DAY, now)).toBe(LISTING_RUN_DAYS);
    expect(daysLeft(Date.UTC(2026, 10, 25, 22, 50), now)).toBe(0);
    // 00:30 the next day in Belgrade, an hour away: tomorrow.
    expect(daysLeft(Date.UTC(2026, 10, 25, 23, 30), now)).toBe(1);
    // A run that ended (the expiry job has not archived it yet) ends today.
    expect(daysLeft(now - 5 * DAY, now)).toBe(0);
    // Across the change to summer time (29 March 2026).
    expect(daysLeft(Date.UTC(2026, 2, 30, 10), Date.UTC(2026, 2, 28, 10))).toBe(2);
  });
});
