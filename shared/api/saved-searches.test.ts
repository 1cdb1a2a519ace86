import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { INVALID } from "#shared/validation.ts";
import {
  canonicalQuery,
  parseCanonicalQuery,
  type SavedQuery,
  SavedQueryInput,
  SaveSearchBody,
  SAVED_SEARCH_NAME_MAX,
} from "./saved-searches.ts";

const parse = (input: unknown) => v.parse(SavedQueryInput, input);
/** The first issue's field and message, as the API names them (`price_max`). */
function problem(input: unknown) {
  const result = v.safeParse(SavedQueryInput, input);
  if (result.success) return null;
  const issue = result.issues[0];
  return { field: issue.path?.map((p) => String(p.key)).join("."), message: issue.message };
}

describe("canonicalQuery: the same filters are the same text", () => {
  it.each<[unknown, unknown]>([
    [{ rooms: [3, 2] }, { rooms: ["2", "3"] }],
    [{ rooms: [2, 2, 3] }, { rooms: [3, 2] }],
    [
      { city: "beograd", deal: "sale", price_max: 150000 },
      { price_max: "150000", deal: "sale", city: "beograd" },
    ],
    [
      { type: ["4"], furnished: "true" },
      { furnished: true, type: 4 },
    ],
    [{ q: "  terasa  " }, { q: "terasa" }],
    // Not filters: sort, paging and the locale are dropped; empty values too.
    [{ deal: "rent", sort: "price_asc", page: 3, per_page: 50, locale: "sr" }, { deal: "rent" }],
    [{ deal: "rent", price_min: "", rooms: [] }, { deal: "rent" }],
  ])("%j ≡ %j", (a, b) => {
    expect(canonicalQuery(parse(a))).toBe(canonicalQuery(parse(b)));
  });

  it("tells different filters apart", () => {
    expect(canonicalQuery(parse({ rooms: [2] }))).not.toBe(canonicalQuery(parse({ rooms: [2, 3] })));
    expect(canonicalQuery(parse({ deal: "sale" }))).not.toBe(canonicalQuery(parse({ deal: "rent" })));
  });

  it("writes the filters in one order, lists sorted", () => {
    expect(canonicalQuery(parse({ rooms: [5, 0], city: "novi-sad", deal: "rent", type: [3, 1] }))).toBe(
      "deal=rent&type=1&type=3&city=novi-sad&rooms=0&rooms=5",
    );
    expect(canonicalQuery({})).toBe("");
  });
});

describe("parseCanonicalQuery", () => {
  it.each<SavedQuery>([
    {},
    { deal: "sale", type: [4], city: "beograd", district: "vracar", rooms: [2, 3], price_max: 150000 },
    { deal: "rent", type: [1, 3], area_min: 40.5, area_max: 90, floor_min: -1, floor_max: 4, furnished: false },
    { price_min: 100, q: "pogled na reku & 100% sunca" },
  ])("parse(canonical(q)) = q: %j", (query) => {
    expect(parseCanonicalQuery(canonicalQuery(query))).toEqual(query);
  });

  it.each(["price_max=abc", "rooms=9", "deal=buy", "bounds=1,2,3,4", "price_min=10&price_max=5", "nonsense=1"])(
    "refuses %s",
    (text) => {
      expect(parseCanonicalQuery(text)).toBeNull();
    },
  );
});

describe("SavedQueryInput: values checked as /api/realty/search checks them, the field named", () => {
  it.each<[unknown, string, string]>([
    [{ price_max: "abc" }, "price_max", INVALID.number],
    [{ price_min: 500, price_max: 100 }, "price_max", INVALID.order],
    // A list's item by its place, as JSON bodies name fields (`ids.3`).
    [{ rooms: [2, 7] }, "rooms.1", INVALID.choice],
    [{ type: [99] }, "type.0", INVALID.choice],
    [{ deal: "sale", type: [1] }, "type", INVALID.typeOfDeal],
    [{ city: "Not a slug" }, "city", INVALID.format],
    // A map's bounds, placement switches and typos are not filters a search keeps.
    [{ bounds: "44,20,45,21" }, "bounds", INVALID.notApplicable],
    [{ promoted: "true" }, "promoted", INVALID.notApplicable],
    [{ prise_max: 1 }, "prise_max", INVALID.notApplicable],
  ])("%j → %s", (input, field, message) => {
    expect(problem(input)).toEqual({ field, message });
  });

  it("refuses what is not an object, or a value that is not a scalar or a list of them", () => {
    expect(problem({ deal: { nested: 1 } })?.field).toBe("deal");
    expect(problem({ rooms: [[2]] })?.field).toMatch(/^rooms/);
    expect(problem("deal=sale")).not.toBeNull();
    expect(problem([1])).not.toBeNull();
  });
});

describe("SaveSearchBody", () => {
  it("alerts on, daily, unless said; a name trimmed, at most SAVED_SEARCH_NAME_MAX characters", () => {
    expect(v.parse(SaveSearchBody, { query: { deal: "sale" } })).toEqual({
      query: { deal: "sale" },
      notify: true,
      frequency: "daily",
    });
    expect(v.parse(SaveSearchBody, { query: {}, name: "  Moj stan  " }).name).toBe("Moj stan");
    const long = v.safeParse(SaveSearchBody, { query: {}, name: "x".repeat(SAVED_SEARCH_NAME_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.issues?.[0].path?.map((p) => p.key)).toEqual(["name"]);
    expect(v.safeParse(SaveSearchBody, { query: {}, frequency: "hourly" }).success).toBe(false);
  });
});
