/**
 * A YRL offer as a Kvadrat listing, or the reason it is refused (decision 097 maps every element). The
 * values are checked by the very schemas the wizard and the edit API use (`FIELD_SCHEMAS`,
 * `fieldsOfType`, `requiredOfType`): a feed cannot publish what an owner could not type. Nothing here
 * reads or writes D1: the place comes from the resolver the caller passes.
 */
import * as v from "valibot";
import {
  FIELD_SCHEMAS,
  fieldsOfType,
  requiredOfType,
  type EditField,
  type StepValues,
} from "#shared/api/listing-edit.ts";
import { PHOTOS_PER_LISTING } from "#shared/constants.ts";
import {
  listingTypeId,
  TYPES_BY_DEAL,
  type Deal,
  type ListingKind,
  type ListingTypeId,
} from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import type { FeedPoint, ResolvePlace } from "./feed-places.ts";
import { textLanguage } from "./text-language.ts";
import type { YrlOffer } from "./yrl-feed.ts";

/** An `internal-id` longer than this is no feed's key but a mistake (or an attack on the report). */
export const FEED_INTERNAL_ID_MAX = 64;
/** A photo's address: longer is no photo's. */
const PHOTO_URL_MAX = 2048;
/** The offending value as the report quotes it. */
const QUOTED_MAX = 100;

export const FEED_REFUSALS = [
  "missing_internal_id",
  "invalid_internal_id",
  "duplicate_internal_id",
  "value_too_long",
  "too_many_values",
  "unknown_deal",
  "unknown_category",
  "category_not_for_deal",
  "unknown_place",
  "ambiguous_place",
  "missing_value",
  "invalid_value",
  "unsupported_currency",
  "unsupported_rent_period",
  "unsupported_unit",
  "unknown_language",
  "photo_not_https",
  "too_many_photos",
] as const;
type FeedRefusalCode = (typeof FEED_REFUSALS)[number];

/** The listing's values an offer sets: the wizard's fields but its place, which are ids here. */
type FeedListingValues = Omit<StepValues, "city" | "district">;

export interface FeedListing {
  internal_id: string;
  line: number;
  type_id: ListingTypeId;
  city_id: number;
  district_id: number | null;
  values: FeedListingValues;
  /** https addresses, in the feed's order, at most PHOTOS_PER_LISTING, no repeats. */
  photos: string[];
}

export interface FeedRefusal {
  internal_id: string | null;
  line: number;
  code: FeedRefusalCode;
  /** The report's text, `feed.refusal.{code}`, formatted with `args` in the manager's language. */
  message: `feed.refusal.${FeedRefusalCode}`;
  args: { id: string; line: number; element: string; value: string; max: number };
  /** The listing rule's message id (`validation.*`) when one refused the value. */
  reason: string | null;
}

export interface FeedMapOptions {
  resolvePlace: ResolvePlace;
  /** The description's language when its text does not tell (the agency's own); none: such an offer is refused. */
  fallbackLang?: Locale | null;
  /** Development only: photos on plain http too (the tests' photo server on loopback, decision 099). */
  httpPhotos?: boolean;
}

export type FeedOfferResult = { listing: FeedListing } | { refusal: FeedRefusal };

const DEALS: Record<string, Deal> = { продажа: "sale", sale: "sale", аренда: "rent", rent: "rent" };
const KINDS: Record<string, ListingKind> = {
  квартира: "apartment",
  flat: "apartment",
  apartment: "apartment",
  дом: "house",
  house: "house",
  коттедж: "house",
  cottage: "house",
  таунхаус: "house",
  townhouse: "house",
  дача: "house",
  "часть дома": "house",
  "дом с участком": "house",
  участок: "land",
  "земельный участок": "land",
  lot: "land",
  land: "land",
  коммерческая: "commercial",
  commercial: "commercial",
  // A room, a garage or a parking space has no kind of its own on Kvadrat: "other" is the type for it.
  комната: "other",
  room: "other",
  гараж: "other",
  garage: "other",
};
const SQUARE_METRES = new Set(["кв. м", "кв.м", "кв м", "м2", "м²", "sq. m", "sq.m", "sq m", "m2", "m²"]);
/** Land is often measured in sotkas (100 m²) or hectares. */
const LAND_UNITS: Record<string, number> = {
  сотка: 100,
  сот: 100,
  сотки: 100,
  соток: 100,
  cotka: 100,
  sotka: 100,
  гектар: 10_000,
  га: 10_000,
  hectare: 10_000,
  ha: 10_000,
};
const MONTH = new Set(["месяц", "month", "в месяц", "per month"]);
const EURO = new Set(["EUR", "€"]);
const YES = new Set(["да", "yes", "true", "1", "+", "есть"]);
const NO = new Set(["нет", "no", "false", "0", "-"]);

/** The YRL element each listing field is read from, as the report names it. */
const ELEMENT: Record<Exclude<EditField, "city" | "district">, string> = {
  address: "location/address",
  lat: "location/latitude",
  lng: "location/longitude",
  location_precision: "location/latitude",
  area: "area/value",
  land_area: "lot-area/value",
  rooms: "rooms",
  bedrooms: "bedrooms",
  bathrooms: "bathrooms",
  floor: "floor",
  floors: "floors-total",
  year_built: "built-year",
  heating: "heating",
  parking: "parking",
  balcony: "balcony",
  elevator: "lift",
  title: "title",
  description: "description",
  lang: "description",
  price: "price/value",
  deposit: "deposit",
  pets_allowed: "with-pets",
  furnished: "room-furniture",
};

/** Thrown while mapping one offer; caught in `mapYrlOffer`. */
class Refused extends Error {
  constructor(
    readonly code: FeedRefusalCode,
    readonly element = "",
    readonly value = "",
    readonly reason: string | null = null,
    readonly max = 0,
  ) {
    super(code);
  }
}

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** A decimal as feeds write it: "1 250.5", "45,5"; never "196,000" (thousands, not a fraction). */
function parseNumber(text: string, element: string): number {
  const compact = text.replace(/[\s\u00a0]/g, "");
  if (!/^-?\d+(?:\.\d+|,\d{1,2})?$/.test(compact))
    throw new Refused("invalid_value", element, text, "validation.number");
  return Number(compact.replace(",", "."));
}

function parseFlag(text: string, element: string): boolean {
  const word = key(text);
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  throw new Refused("invalid_value", element, text, "validation.choice");
}

/** Reads one offer's values; `one` is the first of an element's values. */
function reader(offer: YrlOffer) {
  const one = (element: string): string | null => offer.values[element]?.[0] ?? null;
  const required = (element: string): string => {
    const value = one(element);
    if (value === null) throw new Refused("missing_value", element);
    return value;
  };
  return { one, required, all: (element: string) => offer.values[element] ?? [] };
}

/** An area in square metres: `<value>` in `<unit>` (m², or for land also sotkas and hectares). */
function areaOf(read: ReturnType<typeof reader>, element: string, land: boolean): number | null {
  const text = read.one(`${element}/value`);
  if (text === null) return null;
  const value = parseNumber(text, `${element}/value`);
  const unit = read.one(`${element}/unit`);
  // A building's area has one unit; a plot's without one could be sotkas or m², a hundredfold apart.
  if (unit === null) {
    if (land) throw new Refused("missing_value", `${element}/unit`);
    return value;
  }
  if (SQUARE_METRES.has(key(unit))) return value;
  const factor = land ? LAND_UNITS[key(unit)] : undefined;
  if (factor === undefined) throw new Refused("unsupported_unit", `${element}/unit`, unit);
  return value * factor;
}

function pointOf(read: ReturnType<typeof reader>): FeedPoint | null {
  const lat = read.one("location/latitude");
  const lng = read.one("location/longitude");
  if (lat === null && lng === null) return null;
  if (lat === null) throw new Refused("missing_value", "location/latitude");
  if (lng === null) throw new Refused("missing_value", "location/longitude");
  return { lat: parseNumber(lat, "location/latitude"), lng: parseNumber(lng, "location/longitude") };
}

function photosOf(read: ReturnType<typeof reader>, httpPhotos: boolean): string[] {
  const photos: string[] = [];
  for (const text of read.all("image")) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Refused("invalid_value", "image", text, "validation.format");
    }
    if (url.protocol !== "https:" && !(httpPhotos && url.protocol === "http:")) {
      throw new Refused("photo_not_https", "image", text);
    }
    if (text.length > PHOTO_URL_MAX) throw new Refused("invalid_value", "image", text, "validation.tooLong");
    if (!photos.includes(url.href)) photos.push(url.href);
  }
  if (photos.length > PHOTOS_PER_LISTING) throw new Refused("too_many_photos", "image", "", null, PHOTOS_PER_LISTING);
  return photos;
}

/** The offer's price in whole euros (a month's rent for a rental), the feed's price per m² times the area. */
function priceOf(read: ReturnType<typeof reader>, deal: Deal, area: number | null): number {
  const value = parseNumber(read.required("price/value"), "price/value");
  const currency = read.required("price/currency");
  // Kvadrat shows and compares prices in euros only: a rate of exchange would move the price each day.
  if (!EURO.has(currency.trim().toUpperCase())) throw new Refused("unsupported_currency", "price/currency", currency);
  if (deal === "rent") {
    const period = read.required("price/period");
    if (!MONTH.has(key(period))) throw new Refused("unsupported_rent_period", "price/period", period);
  }
  const unit = read.one("price/unit");
  if (unit === null) return Math.round(value);
  if (!SQUARE_METRES.has(key(unit))) throw new Refused("unsupported_unit", "price/unit", unit);
  if (area === null) throw new Refused("missing_value", "area/value");
  return Math.round(value * area);
}

function listingOf(offer: YrlOffer, id: string, options: FeedMapOptions): FeedListing {
  const read = reader(offer);
  const dealText = read.required("type");
  const deal = DEALS[key(dealText)];
  if (!deal) throw new Refused("unknown_deal", "type", dealText);
  const categoryText = read.required("category");
  const kind = KINDS[key(categoryText)];
  if (!kind) throw new Refused("unknown_category", "category", categoryText);
  if (!TYPES_BY_DEAL[deal].includes(kind)) throw new Refused("category_not_for_deal", "category", categoryText);
  const typeId = listingTypeId(deal, kind)!;

  const point = pointOf(read);
  const locality = read.one("location/locality-name");
  const place = options.resolvePlace(
    {
      country: read.one("location/country"),
      region: read.one("location/region"),
      locality,
      sub_locality: read.one("location/sub-locality-name"),
    },
    point,
  );
  if (place === "unknown" || place === "ambiguous") {
    throw new Refused(`${place}_place`, "location/locality-name", locality ?? "");
  }

  const area = areaOf(read, "area", false);
  const description = read.one("description");
  const lang = description === null ? null : (textLanguage(description) ?? options.fallbackLang ?? null);
  if (description !== null && lang === null) throw new Refused("unknown_language", "description");
  const rooms = read.one("rooms");
  const studio = read.one("studio");
  const balcony = read.one("balcony");
  const flag = (element: string) => {
    const text = read.one(element);
    return text === null ? undefined : parseFlag(text, element);
  };
  const number = (element: string) => {
    const text = read.one(element);
    return text === null ? undefined : parseNumber(text, element);
  };

  const candidates: FeedListingValues = {
    address: read.one("location/address") ?? undefined,
    // Without a point the listing stands at its district's centre, shown as the district only (decision 044);
    // a city's centre would be a false address, so a point or a district is required.
    lat: point?.lat ?? (place.district_id === null ? undefined : place.centre.lat),
    lng: point?.lng ?? (place.district_id === null ? undefined : place.centre.lng),
    location_precision: point ? "exact" : "district",
    area: area ?? undefined,
    land_area: areaOf(read, "lot-area", true) ?? undefined,
    // Serbian counting: a studio is 0.5 rooms.
    rooms:
      studio !== null && parseFlag(studio, "studio") ? 0.5 : rooms === null ? undefined : parseNumber(rooms, "rooms"),
    floor: number("floor"),
    floors: number("floors-total"),
    year_built: number("built-year"),
    parking: flag("parking"),
    // YRL's balcony is a word ("балкон", "лоджия", "2 балкона") or a yes/no.
    balcony: balcony === null ? undefined : !NO.has(key(balcony)),
    elevator: flag("lift"),
    description: description ?? undefined,
    lang: lang ?? undefined,
    price: priceOf(read, deal, area),
    pets_allowed: flag("with-pets"),
    furnished: flag("room-furniture"),
  };

  const has = new Set(fieldsOfType(typeId));
  const values: FeedListingValues = {};
  for (const [field, value] of Object.entries(candidates) as [keyof FeedListingValues, unknown][]) {
    // A value the listing's type does not have (a house's floor) is left out, as the wizard leaves it out.
    if (value === undefined || !has.has(field)) continue;
    const checked = v.safeParse(FIELD_SCHEMAS[field], value);
    if (!checked.success) {
      throw new Refused("invalid_value", ELEMENT[field], String(value), checked.issues[0]?.message ?? null);
    }
    (values as Record<string, unknown>)[field] = checked.output;
  }
  for (const field of requiredOfType(typeId)) {
    if (field === "city" || field === "district") continue;
    if (values[field] === undefined) throw new Refused("missing_value", ELEMENT[field]);
  }
  return {
    internal_id: id,
    line: offer.line,
    type_id: typeId,
    city_id: place.city_id,
    district_id: place.district_id,
    values,
    photos: photosOf(read, options.httpPhotos === true),
  };
}

function refusal(offer: YrlOffer, r: Refused): FeedRefusal {
  return {
    internal_id: offer.internal_id,
    line: offer.line,
    code: r.code,
    message: `feed.refusal.${r.code}`,
    args: {
      id: offer.internal_id ?? "",
      line: offer.line,
      element: r.element,
      value: r.value.slice(0, QUOTED_MAX),
      max: r.max,
    },
    reason: r.reason,
  };
}

/** One offer as a listing, or why not. */
export function mapYrlOffer(offer: YrlOffer, options: FeedMapOptions): FeedOfferResult {
  const id = offer.internal_id;
  try {
    if (id === null) throw new Refused("missing_internal_id", "offer/@internal-id");
    if (id.length > FEED_INTERNAL_ID_MAX || /\p{C}/u.test(id)) {
      throw new Refused("invalid_internal_id", "offer/@internal-id", id, null, FEED_INTERNAL_ID_MAX);
    }
    if (offer.overflow) throw new Refused(offer.overflow.reason, offer.overflow.element);
    return { listing: listingOf(offer, id, options) };
  } catch (error) {
    if (error instanceof Refused) return { refusal: refusal(offer, error) };
    throw error;
  }
}

/**
 * The `internal-id`s a feed gives more than once: every offer of one is refused. A consumer that maps
 * offers as they stream (`readYrlFeed`'s `onOffer`) collects the ids and asks this before writing.
 */
export function repeatedIds(ids: Iterable<string | null>): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) {
    if (id === null) continue;
    if (seen.has(id)) repeated.add(id);
    else seen.add(id);
  }
  return repeated;
}

/** The refusal of an offer whose `internal-id` the feed repeats. */
export const duplicateRefusal = (offer: YrlOffer) =>
  refusal(offer, new Refused("duplicate_internal_id", "offer/@internal-id", offer.internal_id ?? ""));

/**
 * Every offer of a feed: the listings to write and the refusals to report, in the feed's order. Offers
 * sharing an `internal-id` are all refused: keeping one would pick a winner the agency did not choose.
 */
export function mapYrlFeed(offers: readonly YrlOffer[], options: FeedMapOptions) {
  const repeated = repeatedIds(offers.map((o) => o.internal_id));
  const listings: FeedListing[] = [];
  const refusals: FeedRefusal[] = [];
  for (const offer of offers) {
    if (offer.internal_id !== null && repeated.has(offer.internal_id)) {
      refusals.push(duplicateRefusal(offer));
      continue;
    }
    const result = mapYrlOffer(offer, options);
    if ("listing" in result) listings.push(result.listing);
    else refusals.push(result.refusal);
  }
  return { listings, refusals };
}
