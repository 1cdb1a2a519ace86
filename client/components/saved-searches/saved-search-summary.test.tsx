// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SavedQuery } from "#shared/api/saved-searches.ts";
import type { Locale } from "#shared/locales.ts";
import { textsFor } from "#shared/text-catalog.ts";
import type { LabelPlaces } from "#shared/saved-search-label.ts";
import { I18nProvider } from "#client/i18n/intl.tsx";
import { SavedSearchSummary } from "./saved-search-summary.tsx";

function chips(filters: SavedQuery, places: LabelPlaces = {}, locale: Locale = "en") {
  render(
    <I18nProvider locale={locale} texts={textsFor(locale)}>
      <SavedSearchSummary filters={filters} places={places} />
    </I18nProvider>,
  );
  const list = screen.getByRole("list");
  // Intl's no-break spaces read as spaces here.
  const items = [...list.querySelectorAll("li")].map((li) => li.textContent.replace(/[\u00a0\u202f]/g, " "));
  list.remove();
  return items;
}

describe("a saved search's chips", () => {
  it("name the kind, the place and each refinement, formatted in the page's language", () => {
    expect(
      chips(
        {
          deal: "sale",
          type: [4],
          city: "beograd",
          district: "vracar",
          price_min: 50_000,
          price_max: 150_000,
          area_min: 40,
          rooms: [0, 2, 5],
          floor_max: 3,
          furnished: false,
          q: "terasa",
        },
        { city: "Belgrade", district: "Vračar" },
      ),
    ).toEqual([
      "Apartments for sale",
      "Vračar, Belgrade",
      "Price: €50,000–€150,000",
      "Area: from 40 m²",
      "Rooms: studio, 2 or 5+",
      "Floor: up to 3",
      "Unfurnished",
      "Keywords: “terasa”",
    ]);
  });

  it("say the deal and the types when a search has several, or any property when it has none", () => {
    expect(chips({ type: [1, 3, 4, 5] })).toEqual(["Property", "Type: Apartment or House"]);
    expect(chips({ deal: "rent", type: [1, 3], furnished: true })).toEqual([
      "Property to rent",
      "Type: Apartment or House",
      "Furnished",
    ]);
    expect(chips({})).toEqual(["Property"]);
  });

  it("read in Russian and Serbian", () => {
    expect(chips({ deal: "rent", type: [1], price_max: 600, rooms: [1, 2] }, {}, "ru")).toEqual([
      "Аренда квартир",
      "Цена: до 600 €",
      "Комнат: 1 или 2",
    ]);
    expect(chips({ deal: "sale", type: [5], area_min: 100, area_max: 200 }, { city: "Niš" }, "sr")).toEqual([
      "Prodaja kuća",
      "Niš",
      "Površina: 100–200 m²",
    ]);
  });

  it("say how recently availability was confirmed (decision 084), with the language's plurals", () => {
    expect(chips({ deal: "rent", type: [1], confirmed_within: 7 })).toEqual([
      "Apartments for rent",
      "Confirmed within 7 days",
    ]);
    expect(chips({ confirmed_within: 1 }).at(-1)).toBe("Confirmed within 1 day");
    expect(chips({ confirmed_within: 3 }, {}, "ru").at(-1)).toBe("Подтверждено за 3 дня");
    expect(chips({ confirmed_within: 5 }, {}, "sr").at(-1)).toBe("Potvrđeno u 5 dana");
  });
});
