/**
 * A feed offer's place in the gazetteer (decision 097): its locality named in any of the gazetteer's
 * languages or scripts (folded as the type-ahead folds them), told apart by its point when two places
 * share the name, checked against the point when both are given. Only an unambiguous match is a place:
 * a guess would publish a listing in the wrong town.
 */
import { fold } from "#shared/text-match.ts";
import type { CityRow } from "#worker/db/cities.ts";
import type { DistrictRow } from "#worker/db/districts.ts";
import type { Gazetteer } from "#worker/db/gazetteer.ts";

/** The place names of an offer's `<location>`, each null when absent. */
export interface FeedPlaceNames {
  country: string | null;
  region: string | null;
  locality: string | null;
  sub_locality: string | null;
}

export interface FeedPoint {
  lat: number;
  lng: number;
}

export interface FeedPlace {
  city_id: number;
  district_id: number | null;
  /** The district's centre, else the city's: the listing's point when the offer gives none. */
  centre: FeedPoint;
}

/** What the import asks of the gazetteer; the caller passes the real one (`gazetteerResolver`) or a test's. */
export type ResolvePlace = (names: FeedPlaceNames, point: FeedPoint | null) => FeedPlace | "ambiguous" | "unknown";

/** Serbia as feeds name it: any other country is not ours. */
const SERBIA = new Set(["serbia", "srbija", "србија", "сербия", "republika srbija", "република србија", "rs", "srb"]);
/** A point this far from the named place's centre contradicts the name. */
const AGREEMENT_KM = 25;

function distanceKm(a: FeedPoint, b: FeedPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const namesOf = (row: CityRow | DistrictRow) => [row.name_en, row.name_ru, row.name_sr, row.slug].map(fold);

/** The gazetteer's places by folded name, built once per gazetteer. */
function index(g: Gazetteer) {
  const byName = new Map<string, FeedPlace[]>();
  const add = (name: string, place: FeedPlace) => {
    const list = byName.get(name) ?? [];
    if (!list.some((p) => p.city_id === place.city_id && p.district_id === place.district_id)) list.push(place);
    byName.set(name, list);
  };
  for (const city of g.cities) {
    for (const name of namesOf(city))
      add(name, { city_id: city.id, district_id: null, centre: { lat: city.lat, lng: city.lng } });
  }
  const districtsByCity = new Map<number, { names: string[]; place: FeedPlace }[]>();
  for (const d of g.districts) {
    const place = { city_id: d.city_id, district_id: d.id, centre: { lat: d.lat, lng: d.lng } };
    // A district named as the locality ("Novi Beograd") is that district of its city.
    for (const name of namesOf(d)) add(name, place);
    const list = districtsByCity.get(d.city_id) ?? [];
    list.push({ names: namesOf(d), place });
    districtsByCity.set(d.city_id, list);
  }
  return { byName, districtsByCity };
}

/** The resolver over the gazetteer's rows (`referenceTables(env).gazetteer()` in the worker). */
export function gazetteerResolver(g: Gazetteer): ResolvePlace {
  const { byName, districtsByCity } = index(g);
  return (names, point) => {
    if (names.country && !SERBIA.has(fold(names.country))) return "unknown";
    const locality = names.locality ? fold(names.locality) : "";
    const candidates = byName.get(locality) ?? [];
    if (candidates.length === 0) return "unknown";
    let place: FeedPlace;
    if (candidates.length === 1) place = candidates[0]!;
    else {
      // Two places share the name (Kozjak): the point tells them apart, or nothing does.
      const near = point ? candidates.filter((c) => distanceKm(point, c.centre) <= AGREEMENT_KM) : [];
      if (near.length !== 1) return "ambiguous";
      place = near[0]!;
    }
    if (point && distanceKm(point, place.centre) > AGREEMENT_KM) return "ambiguous";
    if (place.district_id === null && names.sub_locality) {
      const sub = fold(names.sub_locality);
      const district = districtsByCity.get(place.city_id)?.find((d) => d.names.includes(sub));
      // A sub-locality the gazetteer does not know leaves the listing in its city, as the wizard allows.
      if (district) place = district.place;
    }
    return place;
  };
}
