import { describe, expect, it } from "vitest";
import { namesPlace } from "./geocoder.ts";

const cities = [
  {
    slug: "beograd",
    name: "Belgrade",
    districts: [
      { slug: "stari-grad", name: "Stari Grad" },
      { slug: "vracar", name: "Vračar" },
    ],
  },
  { slug: "novi-sad", name: "Novi Sad", districts: [] },
];

describe("namesPlace", () => {
  it("finds a city or district by its name or slug, as whole words, accents and case aside", () => {
    expect(namesPlace("Knez Mihailova 5, Belgrade", cities)).toBe(true);
    expect(namesPlace("Knez Mihailova 5, BEOGRAD", cities)).toBe(true);
    expect(namesPlace("Bulevar kralja Aleksandra 12, Vracar", cities)).toBe(true);
    expect(namesPlace("Stari grad", cities)).toBe(true);
    expect(namesPlace("Zmaj Jovina 3, Novi Sad", cities)).toBe(true);
  });

  it("does not look a street alone up, nor a name inside another word", () => {
    expect(namesPlace("Knez Mihailova 12", cities)).toBe(false);
    expect(namesPlace("Novisadska 4", cities)).toBe(false);
    expect(namesPlace("", cities)).toBe(false);
  });
});
