import { describe, expect, it } from "vitest";
import { TRUST_MIN_SAMPLE } from "#shared/api/trust.ts";
import type { TrustRow } from "#worker/db/trust.ts";
import { toTrustFigures } from "./trust.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 29, 12);

const row = (values: Partial<TrustRow> = {}): TrustRow => ({
  active: 0,
  confirmed: 0,
  median_last_known: null,
  hidden: 0,
  upheld: 0,
  taken_down: 0,
  decisions: 0,
  median_wait: null,
  ...values,
});

describe("the trust figures' shape", () => {
  it("rounds the share to three decimals, the median days and hours to one", () => {
    const figures = toTrustFigures(
      row({ active: 3, confirmed: 2, median_last_known: NOW - 2.25 * DAY, decisions: 4, median_wait: 5.46 * HOUR }),
      NOW,
    );
    expect(figures.confirmed_7d_share).toBe(0.667);
    expect(figures.median_days_since_confirmation).toBe(2.3);
    expect(figures.median_hours_to_moderation).toBe(5.5);
    expect(figures.as_of).toBe("2026-11-29T12:00:00.000Z");
    expect(figures.active_listings).toBe(3);
    expect(figures.confirmed_7d).toBe(2);
  });

  it("says nothing rather than 0 below the minimum sample", () => {
    const few = TRUST_MIN_SAMPLE - 1;
    const figures = toTrustFigures(
      row({ active: few, confirmed: few, median_last_known: NOW, decisions: few, median_wait: HOUR }),
      NOW,
    );
    expect(figures.confirmed_7d_share).toBeNull();
    expect(figures.median_days_since_confirmation).toBeNull();
    expect(figures.median_hours_to_moderation).toBeNull();
    const empty = toTrustFigures(row(), NOW);
    expect(empty.confirmed_7d_share).toBeNull();
    expect(empty.median_hours_to_moderation).toBeNull();
    // A count of take-downs is a fact at any size: none is 0.
    expect(empty.taken_down_after_reports_30d).toBe(0);
  });

  it("counts a time ahead of the clock as now, never as a negative age", () => {
    const figures = toTrustFigures(
      row({ active: 5, confirmed: 5, median_last_known: NOW + HOUR, decisions: 5, median_wait: 0 }),
      NOW,
    );
    expect(figures.median_days_since_confirmation).toBe(0);
    expect(figures.median_hours_to_moderation).toBe(0);
    expect(figures.confirmed_7d_share).toBe(1);
  });
});
