import { describe, expect, it } from "vitest";
import { LISTING_FACTS } from "./listing-facts.ts";
import { fieldsOfStep, fieldsOfType, LISTING_FIELDS, requiredOfType } from "./listing-fields.ts";

/** Each listing type's fields and required fields (sorted), as the edit API states them. */
const BY_TYPE: [number, string, string][] = [
  [
    1,
    "address area balcony bathrooms bedrooms city deposit description district elevator floor floors furnished heating lang lat lng location_precision parking pets_allowed price rooms title year_built",
    "address area city description lang lat lng price rooms",
  ],
  [
    2,
    "address area bathrooms city deposit description district elevator floor floors furnished heating lang lat lng location_precision parking pets_allowed price rooms title year_built",
    "address area city description lang lat lng price",
  ],
  [
    3,
    "address area balcony bathrooms bedrooms city deposit description district floors furnished heating land_area lang lat lng location_precision parking pets_allowed price rooms title year_built",
    "address area city description lang lat lng price rooms",
  ],
  [
    4,
    "address area balcony bathrooms bedrooms city description district elevator floor floors furnished heating lang lat lng location_precision parking price rooms title year_built",
    "address area city description lang lat lng price rooms",
  ],
  [
    5,
    "address area balcony bathrooms bedrooms city description district floors furnished heating land_area lang lat lng location_precision parking price rooms title year_built",
    "address area city description lang lat lng price rooms",
  ],
  [
    6,
    "address city description district land_area lang lat lng location_precision price title",
    "address city description land_area lang lat lng price",
  ],
  [
    7,
    "address area city description district floors land_area lang lat lng location_precision parking price title year_built",
    "address area city description lang lat lng price",
  ],
  [
    8,
    "address area bathrooms city description district elevator floor floors furnished heating lang lat lng location_precision parking price rooms title year_built",
    "address area city description lang lat lng price",
  ],
  [
    9,
    "address area city deposit description district land_area lang lat lng location_precision parking pets_allowed price title",
    "address city description lang lat lng price",
  ],
  [
    10,
    "address area city description district land_area lang lat lng location_precision parking price title",
    "address city description lang lat lng price",
  ],
];

describe("listing fields", () => {
  it.each(BY_TYPE)("type %i has its fields and requires its facts", (id, fields, required) => {
    expect([...fieldsOfType(id)].sort().join(" ")).toBe(fields);
    expect([...requiredOfType(id)].sort().join(" ")).toBe(required);
  });

  it("requires only fields a type has", () => {
    for (const [id] of BY_TYPE) expect(fieldsOfType(id)).toEqual(expect.arrayContaining([...requiredOfType(id)]));
  });

  it("lists every field in one step, in the wizard's order", () => {
    const steps = [...fieldsOfStep("params"), ...fieldsOfStep("description"), ...fieldsOfStep("conditions")];
    expect(steps).toEqual(Object.keys(LISTING_FIELDS));
    expect(fieldsOfStep("description")).toEqual(["title", "description", "lang"]);
  });

  it("knows no fields of an unknown type, and requires the common ones", () => {
    expect(fieldsOfType(999)).toEqual([]);
    expect(requiredOfType(999)).toEqual(["city", "address", "lat", "lng", "description", "lang", "price"]);
  });

  it("orders exactly the facts: the fields some types or deals lack", () => {
    const facts = Object.entries(LISTING_FIELDS)
      .filter(([, field]) => "types" in field || "deal" in field)
      .map(([name]) => name);
    expect([...LISTING_FACTS].sort()).toEqual(facts.sort());
  });
});
