import { describe, expect, it } from "vitest";
import { textCatalog } from "./text-catalog.ts";
import { savedSearchLabel } from "./saved-search-label.ts";

const en = textCatalog("en").intl;
const ru = textCatalog("ru").intl;
const sr = textCatalog("sr").intl;

describe("savedSearchLabel", () => {
  it("names the kind, the place and the refinements in order", () => {
    const query = {
      deal: "sale" as const,
      type: [4],
      district: "vracar",
      city: "beograd",
      rooms: [2],
      price_max: 150_000,
    };
    const places = { city: "Belgrade", district: "Vračar" };
    expect(savedSearchLabel(query, places, en)).toBe("Apartments for sale, Vračar, Belgrade, 2 rooms, up to €150,000");
  });

  it("reads in Russian and Serbian with their plural forms", () => {
    const query = { type: [1], rooms: [2, 3], price_min: 300, price_max: 600 };
    expect(savedSearchLabel(query, { city: "Белград" }, ru)).toMatch(
      /^Аренда квартир, Белград, 2 или 3 комнаты, 300\s€–600\s€$/,
    );
    expect(savedSearchLabel({ type: [1], rooms: [5] }, {}, sr)).toMatch(/5\+ soba$/);
    expect(savedSearchLabel({ type: [1], rooms: [1] }, {}, ru)).toBe("Аренда квартир, 1 комната");
  });

  it("names a studio, areas, floors, furnishing and keywords", () => {
    const query = {
      deal: "rent" as const,
      rooms: [0, 1],
      area_min: 30,
      floor_min: 2,
      floor_max: 5,
      furnished: true,
      q: "terasa",
    };
    expect(savedSearchLabel(query, {}, en)).toBe(
      "Property to rent, studio or 1 room, from 30 m², floor 2–5, furnished, “terasa”",
    );
  });

  it("falls back to the deal's words for several types and to 'Property' for none", () => {
    expect(savedSearchLabel({ type: [4, 5] }, {}, en)).toBe("Property for sale");
    expect(savedSearchLabel({}, {}, en)).toBe("Property");
  });
});
