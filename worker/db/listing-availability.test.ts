import { describe, expect, it } from "vitest";
import { CONFIRM_CYCLE_DAYS } from "#shared/constants.ts";
import { confirmCycleMs, confirmDue } from "./listing-availability.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 29, 12);

describe("a listing's availability question", () => {
  it("comes a cycle after the last confirmation: a week for a rental, two for a sale", () => {
    expect(confirmCycleMs("rent")).toBe(CONFIRM_CYCLE_DAYS.rent * DAY);
    expect(confirmCycleMs("sale")).toBe(CONFIRM_CYCLE_DAYS.sale * DAY);
    const at = (deal: "rent" | "sale", days: number) =>
      confirmDue({ deal, confirmed_at: NOW - days * DAY, unconfirmed_at: null }, NOW);
    expect(at("rent", CONFIRM_CYCLE_DAYS.rent - 0.01)).toBe(false);
    expect(at("rent", CONFIRM_CYCLE_DAYS.rent)).toBe(true);
    expect(at("sale", CONFIRM_CYCLE_DAYS.rent)).toBe(false);
    expect(at("sale", CONFIRM_CYCLE_DAYS.sale - 0.01)).toBe(false);
    expect(at("sale", CONFIRM_CYCLE_DAYS.sale)).toBe(true);
  });

  it("stays due while hidden, whatever its date says, and never for a listing never confirmed", () => {
    expect(confirmDue({ deal: "sale", confirmed_at: NOW, unconfirmed_at: NOW - DAY }, NOW)).toBe(true);
    expect(confirmDue({ deal: "rent", confirmed_at: null, unconfirmed_at: null }, NOW)).toBe(false);
  });
});
