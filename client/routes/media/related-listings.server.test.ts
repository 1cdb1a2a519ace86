import { describe, expect, it } from "vitest";
import { relatedSearch } from "./related-listings.server.ts";

const cities = [
  { slug: "beograd", name: "Belgrade" },
  { slug: "novi-sad", name: "Novi Sad" },
];

describe("relatedSearch", () => {
  it("finds the city among the article's tags and rentals under a rents topic", () => {
    expect(relatedSearch(["market", "rents", "novi-sad"], cities)).toEqual({
      deal: "rent",
      city: { slug: "novi-sad", name: "Novi Sad" },
    });
    expect(relatedSearch(["market", "prices", "beograd", "2026"], cities)).toEqual({
      deal: "sale",
      city: { slug: "beograd", name: "Belgrade" },
    });
  });

  it("is sales across the country for a topic without a place", () => {
    expect(relatedSearch(["buying", "taxes"], cities)).toEqual({ deal: "sale", city: null });
  });
});
