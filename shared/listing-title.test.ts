import { describe, expect, it } from "vitest";
import { textCatalog } from "#shared/text-catalog.ts";
import type { Locale } from "#shared/locales.ts";
import { generatedListingTitle, type TitleFacts } from "./listing-title.ts";

const ZVEZDARA = {
  en: { city: "Belgrade", district: "Zvezdara" },
  ru: { city: "Белград", district: "Звездара" },
  sr: { city: "Beograd", district: "Zvezdara" },
};
const flat = (rooms: number | null, locale: Locale, extra: Partial<TitleFacts> = {}) =>
  generatedListingTitle(
    { deal: "sale", type: "apartment", rooms, area: 91, land_area: null, ...ZVEZDARA[locale], ...extra },
    textCatalog(locale).intl,
  );

describe("generatedListingTitle", () => {
  it("names rooms, type, deal, area and place in each language", () => {
    expect(flat(4, "sr")).toBe("Četvorosoban stan na prodaju, 91 m², Zvezdara, Beograd");
    expect(flat(4, "en")).toBe("4-room apartment for sale, 91 m², Zvezdara, Belgrade");
    expect(flat(4, "ru")).toBe("4-комнатная квартира на продажу, 91 м², Звездара, Белград");
  });

  it("counts Serbian rooms in halves and words a studio", () => {
    expect(flat(1.5, "sr")).toBe("Jednoiposoban stan na prodaju, 91 m², Zvezdara, Beograd");
    expect(flat(0.5, "sr", { deal: "rent" })).toBe("Garsonjera za izdavanje, 91 m², Zvezdara, Beograd");
    expect(flat(0.5, "en")).toBe("Studio for sale, 91 m², Zvezdara, Belgrade");
    expect(flat(2.5, "en")).toBe("2.5-room apartment for sale, 91 m², Zvezdara, Belgrade");
    expect(flat(2.5, "ru")).toBe("2,5-комнатная квартира на продажу, 91 м², Звездара, Белград");
    expect(flat(7, "sr")).toBe("Stan sa 7 soba na prodaju, 91 m², Zvezdara, Beograd");
  });

  it("leaves out what is not known, and names a house's plot and land by its plot", () => {
    expect(flat(null, "en", { area: null, district: null })).toBe("Apartment for sale, Belgrade");
    expect(flat(5, "en", { type: "house", area: 180, land_area: 600 })).toBe(
      "House for sale, 180 m², plot 600 m², Zvezdara, Belgrade",
    );
    expect(flat(null, "ru", { type: "land", area: null, land_area: 1200 })).toBe(
      "Участок на продажу, 1\u00a0200 м², Звездара, Белград",
    );
    expect(flat(null, "sr", { type: "commercial", deal: "rent", area: 45.5 })).toBe(
      "Poslovni prostor za izdavanje, 45,5 m², Zvezdara, Beograd",
    );
  });
});
