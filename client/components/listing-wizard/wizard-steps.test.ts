import { describe, expect, it } from "vitest";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import { fieldsOfType } from "#shared/api/listing-edit.ts";
import {
  defaultStep,
  missingByStep,
  nextStep,
  parseNumber,
  previousStep,
  stepTried,
  stepValues,
} from "./wizard-steps.ts";

describe("parseNumber", () => {
  it.each([
    ["145 000", 145000],
    ["145.000", 145000],
    ["145,000", 145000],
    ["1.250.000", 1250000],
    ["1,250,000.50", 1250000.5],
    ["1.250.000,50", 1250000.5],
    ["1,5", 1.5],
    ["54.5", 54.5],
    ["145\u00a0000 ", 145000],
    ["-2", -2],
  ])("reads %j as %d", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
  it("reads one separator of a coordinate as its decimal point", () => {
    expect(parseNumber("44.805", { decimal: true })).toBe(44.805);
    expect(parseNumber("20,457", { decimal: true })).toBe(20.457);
  });
  it("keeps what is no number for the API to name, and empty as null", () => {
    expect(parseNumber("abc")).toBe("abc");
    expect(parseNumber("12-3")).toBe("12-3");
    expect(parseNumber("  ")).toBeNull();
  });
});

describe("steps", () => {
  const empty = { city: null, address: null, area: null, price: null, description: null } as never;
  it("open on the first step with a missing required field, else the check", () => {
    expect(defaultStep(empty, ["city", "area", "price"])).toBe("params");
    expect(defaultStep({ ...(empty as object), city: "beograd", area: 50 } as never, ["city", "area", "price"])).toBe(
      "conditions",
    );
    expect(defaultStep({ city: "beograd" } as never, ["city"])).toBe("check");
    expect(missingByStep(empty, ["price", "description"])).toEqual({
      conditions: ["price"],
      description: ["description"],
    });
  });
  it("go in the order of product §7", () => {
    expect(nextStep("type")).toBe("params");
    expect(nextStep("conditions")).toBe("photos");
    expect(nextStep("check")).toBe("check");
    expect(previousStep("type")).toBeNull();
    expect(previousStep("check")).toBe("photos");
  });
});

describe("stepValues", () => {
  it("reads flags, numbers, texts and empties", () => {
    const form = new FormData();
    form.set("parking", "yes");
    form.set("balcony", "no");
    form.set("elevator", "");
    form.set("area", "1.250");
    form.set("address", "  Knez Mihailova 5 ");
    form.set("heating", "");
    expect(stepValues(["parking", "balcony", "elevator", "area", "address", "heating", "rooms"], form)).toEqual({
      parking: true,
      balcony: false,
      elevator: null,
      area: 1250,
      address: "Knez Mihailova 5",
      heating: null,
      rooms: null,
    });
  });
});

describe("stepTried", () => {
  const fresh = {
    ...Object.fromEntries(fieldsOfType(4).map((f) => [f, null])),
    location_precision: "exact",
    title: "2-room apartment for sale, Belgrade",
    title_generated: true,
    fields: fieldsOfType(4),
  } as unknown as ApiListingEdit;
  it("is false for a fresh draft's steps: a default and the generated title are not the owner's", () => {
    expect(["params", "description", "conditions"].map((s) => stepTried(fresh, s as "params"))).toEqual([
      false,
      false,
      false,
    ]);
  });
  it("is true once a field of the step holds a value of the owner's", () => {
    expect(stepTried({ ...fresh, rooms: 2 }, "params")).toBe(true);
    expect(stepTried({ ...fresh, title_generated: false }, "description")).toBe(true);
    expect(stepTried({ ...fresh, price: 1 }, "conditions")).toBe(true);
    expect(stepTried({ ...fresh, price: 1 }, "params")).toBe(false);
  });
});
