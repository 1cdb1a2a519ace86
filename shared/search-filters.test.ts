import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SearchQuery } from "./api/realty.ts";
import { FILTER_GRAMMARS, readFilter, REPEATED_FIELDS, SEARCH_FIELDS, SEARCH_FILTERS } from "./search-filters.ts";

/** Values on and off each grammar's edges. */
const SAMPLES = [
  ...["", " 1", "0", "1", "-1", "-5", "-6", "01", "1.5", "1.25", "1.255", "1e3", "abc", "x-y", "-x", "a--b"],
  ...["200", "201", "1000", "1001", "100000000", "100000001", "1000000", "1000001", "5", "6", "9", "13", "99"],
  ...["sale", "rent", "buy", "true", "false", "yes", "newest", "price_asc", "area", "beograd", "novi_sad", "Novi"],
  "a".repeat(100),
  "a".repeat(101),
];

/** The API's reading of one value of a name: the value, or null when it answers 400 on that name. */
function strict(name: string, raw: string): unknown {
  const result = v.safeParse(SearchQuery, { [name]: raw });
  if (!result.success) return null;
  const value: unknown = result.output[name as keyof typeof result.output];
  return Array.isArray(value) ? value[0] : value;
}

describe("search filter grammar", () => {
  it("lists the filters in URL order, then sort and page", () => {
    expect(SEARCH_FIELDS.slice(-2)).toEqual(["sort", "page"]);
    expect(SEARCH_FILTERS).toEqual(SEARCH_FIELDS.slice(0, -2));
    expect([...REPEATED_FIELDS]).toEqual(["type", "rooms"]);
  });

  // The page reads leniently what the API reads strictly: the same values pass, as the same values.
  it.each(SEARCH_FIELDS.filter((name) => name !== "q"))("%s reads alike on the page and in the API", (name) => {
    for (const raw of SAMPLES.filter((s) => s !== "")) {
      const lenient = readFilter(FILTER_GRAMMARS[name], raw);
      expect(lenient ?? null, `${name}=${raw}`).toEqual(strict(name, raw));
    }
  });

  it("cuts a long text where the API refuses it", () => {
    const long = "a".repeat(FILTER_GRAMMARS.q.max + 1);
    expect(readFilter(FILTER_GRAMMARS.q, long)).toBe(long.slice(0, -1));
    expect(strict("q", long)).toBeNull();
    expect(strict("q", long.slice(0, -1))).toBe(long.slice(0, -1));
  });

  it("reads each kind", () => {
    expect(readFilter(FILTER_GRAMMARS.deal, "rent")).toBe("rent");
    expect(readFilter(FILTER_GRAMMARS.type, "4")).toBe(4);
    expect(readFilter(FILTER_GRAMMARS.rooms, "6")).toBeUndefined();
    expect(readFilter(FILTER_GRAMMARS.price_max, "1.25")).toBe(1.25);
    expect(readFilter(FILTER_GRAMMARS.floor_min, "-5")).toBe(-5);
    expect(readFilter(FILTER_GRAMMARS.floor_min, "-6")).toBeUndefined();
    expect(readFilter(FILTER_GRAMMARS.furnished, "false")).toBe(false);
    expect(readFilter(FILTER_GRAMMARS.page, "0")).toBeUndefined();
  });
});
