import { describe, expect, it } from "vitest";
import { GUEST_SAVED_SEARCHES_MAX } from "./constants.ts";
import { canonicalQuery, SAVED_SEARCH_NAME_MAX } from "./api/saved-searches.ts";
import {
  type GuestSavedSearch,
  parseGuestSearches,
  serializeGuestSearches,
  withGuestSearch,
  withoutGuestSearch,
} from "./saved-search-cookie.ts";

const T = Date.UTC(2026, 10, 1);

/** Guest searches for Belgrade priced up to `max`, newest first. */
function searches(count: number, name: string | null = null): GuestSavedSearch[] {
  let list: GuestSavedSearch[] = [];
  for (let i = 0; i < count; i++)
    list = withGuestSearch(list, { city: "beograd", price_max: 1000 * (i + 1) }, name, T + i);
  return list;
}

describe("the saved-search cookie", () => {
  it("reads back what it wrote, encoded (the header) or decoded (a cookie reader's value)", () => {
    const list = withGuestSearch(
      searches(2),
      { deal: "sale", rooms: [2, 3], q: "100% sunca" },
      "Vračar; 50% jeftinije",
      T + 9,
    );
    const value = serializeGuestSearches(list);
    expect(value).toMatch(/^%5B/);
    expect(value).not.toMatch(/[;,\s"]/);
    expect(parseGuestSearches(value)).toEqual(list);
    expect(parseGuestSearches(decodeURIComponent(value))).toEqual(list);
  });

  it("puts a search saved again first, keeping its name and first save unless renamed", () => {
    const list = withGuestSearch(searches(3, "Moj"), { price_max: 1000, city: "beograd" }, null, T + 50);
    expect(list.map((s) => s.query.price_max)).toEqual([1000, 3000, 2000]);
    expect(list[0]).toMatchObject({ name: "Moj", saved_at: T });
    expect(withGuestSearch(list, { city: "beograd", price_max: 1000 }, "Novo", T + 60)[0]!.name).toBe("Novo");
    expect(withoutGuestSearch(list, canonicalQuery({ city: "beograd", price_max: 3000 })).length).toBe(2);
  });

  it(`keeps at most GUEST_SAVED_SEARCHES_MAX (${GUEST_SAVED_SEARCHES_MAX}), the newest`, () => {
    const list = searches(GUEST_SAVED_SEARCHES_MAX + 3);
    expect(list).toHaveLength(GUEST_SAVED_SEARCHES_MAX);
    expect(list[0]!.query.price_max).toBe((GUEST_SAVED_SEARCHES_MAX + 3) * 1000);
  });

  it("stays under a browser's cookie size: the oldest give way", () => {
    const list = searches(GUEST_SAVED_SEARCHES_MAX, "Ж".repeat(SAVED_SEARCH_NAME_MAX));
    const value = serializeGuestSearches(list);
    expect(value.length).toBeLessThanOrEqual(3600);
    const kept = parseGuestSearches(value);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(list.length);
    expect(kept).toEqual(list.slice(0, kept.length));
    expect(serializeGuestSearches([])).toBe("");
  });

  it.each([
    undefined,
    "",
    "garbage",
    "%E0%A4%A",
    "%7B%22q%22%3A1%7D",
    encodeURIComponent('[1, null, {}, {"q": 5}]'),
    encodeURIComponent('{"q":"deal=sale"}'),
  ])("reads corrupt content %j as no searches", (value) => {
    expect(parseGuestSearches(value)).toEqual([]);
  });

  it("drops the unreadable entries and duplicates, keeps the rest; a bad name or time is forgotten", () => {
    const value = encodeURIComponent(
      JSON.stringify([
        { q: "rooms=3&rooms=2", n: "  Two  ", t: T },
        { q: "rooms=9" },
        { q: "rooms=2&rooms=3", n: "dup", t: T },
        { q: "deal=rent", n: 7, t: -5 },
      ]),
    );
    expect(parseGuestSearches(value)).toEqual([
      { query: { rooms: [2, 3] }, key: "rooms=2&rooms=3", name: "Two", saved_at: T },
      { query: { deal: "rent" }, key: "deal=rent", name: null, saved_at: 0 },
    ]);
  });
});
