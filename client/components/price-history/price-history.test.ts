import { describe, expect, it } from "vitest";
import { priceStory } from "./price-history.tsx";

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(ms).toISOString();
const NOW = Date.UTC(2026, 10, 29, 12);

describe("priceStory", () => {
  it("counts the days since the first publication and the cut since then", () => {
    const history = [
      { price: 200_000, currency: "EUR" as const, at: at(NOW - 45 * DAY - 1) },
      { price: 190_000, currency: "EUR" as const, at: at(NOW - 10 * DAY) },
      { price: 180_000, currency: "EUR" as const, at: at(NOW - DAY) },
    ];
    expect(priceStory(history, NOW)).toEqual({ days: 45, cut: 0.1 });
  });

  it("says no cut for a price at or above the first, and nothing without a history", () => {
    const first = { price: 500, currency: "EUR" as const, at: at(NOW - 3 * DAY) };
    expect(priceStory([first], NOW)).toEqual({ days: 3, cut: null });
    expect(priceStory([first, { ...first, price: 550, at: at(NOW) }], NOW)).toEqual({ days: 3, cut: null });
    expect(priceStory([], NOW)).toBeNull();
  });
});
