import { afterEach, expect, it, vi } from "vitest";
import { marginal } from "./db-capacity.ts";
import { goalTable } from "./goal-table.ts";

afterEach(() => vi.restoreAllMocks());

it("names every row over its limit, and only those; reported rows never fail", () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "table").mockImplementation(() => {});
  const missed = goalTable("p95 ≤ 3 × key", [
    { name: "at the limit", figures: {}, goal: { limit: 3, value: 3 } },
    { name: "over", figures: {}, goal: { limit: 3, value: 3.01 } },
    { name: "not a number", figures: {}, goal: { limit: 3, value: Number.NaN } },
    { name: "reported", figures: {} },
  ]);
  expect(missed).toEqual(["over: 3.01 > 3 (p95 ≤ 3 × key)", "not a number: NaN > 3 (p95 ≤ 3 × key)"]);
});

it("what one D1 holds comes from the bytes per further listing, the fixed part left out", () => {
  const size = (listings: number, bytes: number) => ({
    listings,
    bytes,
    bytesPerListing: bytes / listings,
    tables: {},
    rowsPerListing: {},
    d1Listings: 0,
  });
  const growth = marginal(size(10_000, 2_000_000 + 10_000 * 5000), size(100_000, 2_000_000 + 100_000 * 5000));
  expect(growth.bytesPerListing).toBe(5000);
  expect(growth.fixedBytes).toBe(2_000_000);
  expect(growth.d1Listings).toBe(Math.floor((10e9 - 2_000_000) / 5000));
});
