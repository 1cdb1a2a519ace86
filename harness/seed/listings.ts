/**
 * Seeded listings and their images. Listing n is drawn from its own generator (`rngFor`), so the
 * first n listings are the same whatever the total count; image ids follow the listings in order.
 */
import { CITIES, type GazetteerCity, type GazetteerDistrict } from "./gazetteer.ts";
import {
  listingDescription,
  listingTitle,
  type Heating,
  type Kind,
  type Lang,
  type ListingFacts,
} from "./listing-text.ts";
import { cityClass, priceBand, streetsFor } from "./market.ts";
import { seedUser, serbianMobile } from "./people.ts";
import { BASE_TIME, DAY, rngFor, STREAM, type Rng } from "./prng.ts";
import { CONFIRM_CYCLE_DAYS, CONFIRM_HIDE_CYCLES } from "#shared/constants.ts";

const HOUR = 60 * 60 * 1000;
import { seedGeneratedTitle } from "./titles.ts";

/** Seeded listings whose owner wrote the title (migration 0011 marks the others of an older seed). */
const ownsTitle = (id: number) => id % 10 === 3;

type Status = "draft" | "pending" | "active" | "archived" | "rejected";
type ListingKind = "apartment" | "house" | "land" | "investment" | "commercial" | "other";

export interface SeedListing {
  id: number;
  type_id: number;
  deal: "sale" | "rent";
  property_type: ListingKind;
  city_id: number;
  district_id: number | null;
  address: string;
  lat: number;
  lng: number;
  /** Decision 044: about 15 % hide the house (street 10 %, district 5 %), by id so no draw moves. */
  location_precision: "exact" | "street" | "district";
  price: number;
  area: number | null;
  land_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  floor: number | null;
  floors: number | null;
  year_built: number | null;
  furnished: 0 | 1 | null;
  heating: Heating | null;
  parking: 0 | 1 | null;
  balcony: 0 | 1 | null;
  elevator: 0 | 1 | null;
  deposit: number | null;
  pets_allowed: 0 | 1 | null;
  title: string;
  /** 1: made by the site's generator from the facts (composed again in the visitor's language). */
  title_generated: 0 | 1;
  description: string | null;
  lang: Lang;
  owner_id: number;
  phone: string;
  status: Status;
  promoted_until: number | null;
  /** The "Highlight" and "Home" placements' ends (decision 040). */
  highlight_until: number | null;
  home_until: number | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  /** Decision 038: when it first went public, last checked by its owner, last submitted. */
  published_at: number | null;
  checked_at: number | null;
  submitted_at: number | null;
  rejection_code: string | null;
  rejection_reason: string | null;
  /** Taken off the site by visitors' reports, pending a moderator (`reportedListing`). */
  hidden_at: number | null;
  /** Availability (decision 084, `withAvailability`): last confirmed, last asked, out of search since. */
  confirmed_at: number | null;
  confirm_asked_at: number | null;
  unconfirmed_at: number | null;
}

export interface SeedImage {
  id: number;
  listing_id: number;
  position: number;
  width: number;
  height: number;
  seed: number;
}

/** Listing types of product §3 with how often they are listed (weights). */
const TYPES: { id: number; deal: "sale" | "rent"; type: ListingKind; weight: number }[] = [
  { id: 4, deal: "sale", type: "apartment", weight: 42 },
  { id: 1, deal: "rent", type: "apartment", weight: 22 },
  { id: 5, deal: "sale", type: "house", weight: 10 },
  { id: 6, deal: "sale", type: "land", weight: 6 },
  { id: 7, deal: "sale", type: "investment", weight: 4 },
  { id: 8, deal: "sale", type: "commercial", weight: 5 },
  { id: 2, deal: "rent", type: "commercial", weight: 4 },
  { id: 3, deal: "rent", type: "house", weight: 3 },
  { id: 10, deal: "sale", type: "other", weight: 2.5 },
  { id: 9, deal: "rent", type: "other", weight: 1.5 },
];
const TYPE_WEIGHTS = TYPES.map((t) => t.weight);

/** Cities by listing weight: population, with a floor for small towns and a bonus for resorts. */
const CITY_WEIGHTS = CITIES.map((c) =>
  c.slug === "zlatibor" ? 60_000 : c.slug === "kopaonik" ? 30_000 : Math.max(c.population, 40_000),
);
const CITY_INDEXES = CITIES.map((_, i) => i);

/** District ids in gazetteer order (cities first, districts numbered 1… across cities). */
export const DISTRICT_IDS: Map<GazetteerDistrict, number> = (() => {
  const ids = new Map<GazetteerDistrict, number>();
  let next = 1;
  for (const city of CITIES) for (const d of city.districts ?? []) ids.set(d, next++);
  return ids;
})();

const ROOMS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];
const ROOM_WEIGHTS = [8, 12, 14, 20, 14, 14, 6, 6, 3, 3];
/** Plausible flat areas (m²) per room count. */
const FLAT_AREA: Record<string, [number, number]> = {
  "0.5": [18, 32],
  "1": [28, 42],
  "1.5": [35, 50],
  "2": [42, 62],
  "2.5": [52, 72],
  "3": [60, 85],
  "3.5": [70, 95],
  "4": [80, 115],
  "4.5": [95, 130],
  "5": [110, 180],
};

const IMAGE_SIZES: [number, number][] = [
  [1200, 800],
  [1200, 800],
  [1024, 768],
  [1280, 960],
  [1600, 1067],
  [1280, 720],
  [800, 1200],
  [768, 1024],
];

const STATUSES: Status[] = ["active", "draft", "pending", "archived", "rejected"];
const STATUS_WEIGHTS = [86, 3, 4, 5, 2];

/** Rounds `value` to `step`, kept inside [lo, hi] when a step allows it. */
function roundWithin(value: number, step: number, lo: number, hi: number): number {
  let r = Math.round(value / step) * step;
  if (r < lo) r += step;
  if (r > hi) r -= step;
  return r >= lo && r <= hi && r > 0 ? r : Math.max(1, Math.round(value));
}

/** A point within `km` of (lat, lng), uniform over the disc. */
function jitter(rng: Rng, lat: number, lng: number, km: number): [number, number] {
  const r = km * Math.sqrt(rng.next());
  const angle = rng.float(0, 2 * Math.PI);
  const dLat = (r * Math.cos(angle)) / 111.32;
  const dLng = (r * Math.sin(angle)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [Number((lat + dLat).toFixed(6)), Number((lng + dLng).toFixed(6))];
}

function yearBuilt(rng: Rng, kind: Kind): number | null {
  if (kind === "land") return null;
  if (kind === "offplan") return rng.int(2026, 2028);
  const era = rng.weighted([0, 1, 2, 3], kind === "house" ? [10, 40, 30, 20] : [8, 45, 20, 27]);
  return era === 0
    ? rng.int(1930, 1960)
    : era === 1
      ? rng.int(1961, 1990)
      : era === 2
        ? rng.int(1991, 2014)
        : rng.int(2015, 2026);
}

function heating(rng: Rng, kind: Kind, big: boolean): Heating | null {
  switch (kind) {
    case "land":
      return null;
    case "garage":
    case "parking":
      return "none";
    case "house":
      return rng.weighted<Heating>(["solid_fuel", "gas", "electric", "heat_pump", "central"], [35, 25, 20, 15, 5]);
    case "storage":
      return rng.weighted<Heating>(["none", "electric"], [70, 30]);
    default:
      return big
        ? rng.weighted<Heating>(["central", "gas", "electric", "heat_pump"], [60, 10, 20, 10])
        : rng.weighted<Heating>(["central", "gas", "electric", "heat_pump", "solid_fuel"], [35, 20, 30, 5, 10]);
  }
}

const bit = (value: boolean | null): 0 | 1 | null => (value === null ? null : value ? 1 : 0);

export function seedListing(id: number): SeedListing {
  const rng = rngFor(STREAM.listing, id);
  const type = rng.weighted(TYPES, TYPE_WEIGHTS);
  const cityIndex = rng.weighted(CITY_INDEXES, CITY_WEIGHTS);
  const city: GazetteerCity = CITIES[cityIndex]!;
  const district = city.districts ? rng.pick(city.districts) : null;
  const klass = cityClass(city.slug, city.population);
  const bigCity = klass === "capital" || klass === "novi-sad" || klass === "nis";
  const rent = type.deal === "rent";

  const kind: Kind =
    type.type === "apartment"
      ? "flat"
      : type.type === "house"
        ? "house"
        : type.type === "land"
          ? "land"
          : type.type === "investment"
            ? "offplan"
            : type.type === "commercial"
              ? rng.weighted<Kind>(["office", "shop", "storage"], [50, 40, 10])
              : rng.weighted<Kind>(["garage", "parking", "storage"], [50, 30, 20]);

  let rooms: number | null = null;
  let area: number;
  let landArea: number | null = null;
  let floor: number | null = null;
  let floors: number | null = null;
  let bedrooms: number | null = null;
  let bathrooms: number | null = null;
  switch (kind) {
    case "flat":
    case "offplan": {
      rooms = rng.weighted(ROOMS, ROOM_WEIGHTS);
      const [lo, hi] = FLAT_AREA[String(rooms)]!;
      area = rng.int(lo, hi);
      floors =
        district?.slug === "novi-beograd"
          ? rng.int(4, 20)
          : klass === "capital"
            ? rng.int(3, 12)
            : rng.int(2, bigCity ? 10 : 6);
      floor = rng.chance(0.12) ? 0 : rng.int(1, floors);
      bedrooms = Math.max(rooms < 1 ? 0 : 1, Math.ceil(rooms) - 1);
      bathrooms = area < 70 ? 1 : area < 110 ? rng.int(1, 2) : rng.int(2, 3);
      break;
    }
    case "house":
      rooms = rng.int(2, 5);
      area = rng.int(rooms * 25, rooms * 50 + 40);
      landArea = rng.int(2, 30) * 50;
      floors = rng.int(1, 3);
      bedrooms = rooms - 1;
      bathrooms = area < 120 ? 1 : rng.int(2, 3);
      break;
    case "land":
      landArea = rng.weighted([rng.int(3, 12) * 100, rng.int(12, 50) * 100, rng.int(50, 150) * 100], [60, 30, 10]);
      area = landArea;
      break;
    case "office":
      rooms = rng.int(1, 5);
      area = rng.int(20 + rooms * 10, 40 + rooms * 45);
      floors = rng.int(2, 12);
      floor = rng.int(0, floors);
      bathrooms = area < 100 ? 1 : 2;
      break;
    case "shop":
      area = rng.int(18, 260);
      floors = rng.int(1, 8);
      floor = 0;
      bathrooms = 1;
      break;
    case "storage":
      area = rng.int(40, 600);
      floor = 0;
      floors = 1;
      break;
    case "garage":
      area = rng.int(12, 24);
      break;
    case "parking":
      area = rng.int(12, 16);
      break;
  }

  const band = priceBand(type.id, klass, city.slug, district?.slug);
  // Two uniforms averaged: most prices sit mid-band, a few near the ends.
  const perM2 = band.min + (band.max - band.min) * ((rng.next() + rng.next()) / 2);
  const raw = perM2 * area;
  const step = rent ? (raw < 100 ? 5 : raw < 1000 ? 10 : 50) : raw < 20_000 ? 100 : raw < 100_000 ? 500 : 1000;
  const price = roundWithin(raw, step, Math.ceil(band.min * area), Math.floor(band.max * area));

  const elevator =
    floors === null || kind === "house" || kind === "land"
      ? null
      : floors >= 5
        ? rng.chance(0.95)
        : floors >= 3
          ? rng.chance(0.2)
          : false;
  const furnishedValue =
    kind === "land" || kind === "garage" || kind === "parking" || kind === "storage"
      ? null
      : kind === "offplan"
        ? false
        : rng.chance(rent ? (kind === "flat" ? 0.85 : 0.6) : 0.4);
  const balcony =
    kind === "flat" || kind === "offplan"
      ? rng.chance(0.7)
      : kind === "house"
        ? rng.chance(0.6)
        : kind === "office"
          ? rng.chance(0.3)
          : null;
  const parking =
    kind === "land" || kind === "parking"
      ? null
      : kind === "garage"
        ? null
        : rng.chance(kind === "house" ? 0.85 : 0.35);
  const deposit = rent
    ? roundWithin(
        price * (kind === "office" || kind === "shop" ? rng.int(2, 3) : rng.weighted([1, 2], [70, 30])),
        10,
        1,
        1e9,
      )
    : null;
  const pets = rent ? rng.chance(kind === "house" ? 0.6 : 0.35) : null;

  const facts: ListingFacts = {
    deal: type.deal,
    kind,
    rooms,
    area,
    landArea,
    floor,
    floors,
    yearBuilt: yearBuilt(rng, kind),
    furnished: furnishedValue,
    heating: heating(rng, kind, bigCity),
    parking,
    balcony,
    elevator,
    deposit,
    petsAllowed: pets,
    city: { en: city.en, ru: city.ru, sr: city.sr },
    district: district ? { en: district.en, ru: district.ru, sr: district.sr } : null,
  };
  const lang = rng.weighted<Lang>(["sr", "en", "ru"], [78, 12, 10]);
  // One owner in ten writes a title of their own (always drawn, so the rest of the stream stays put).
  const ownTitle = listingTitle(facts, lang, rng);
  const title_generated = ownsTitle(id) ? 0 : 1;
  const title = title_generated
    ? seedGeneratedTitle(
        {
          deal: type.deal,
          type: type.type,
          rooms,
          area,
          land_area: landArea,
          city: city[lang],
          district: district ? district[lang] : null,
        },
        lang,
      )
    : ownTitle;
  const description = listingDescription(facts, lang, rng);

  const centre = district ?? city;
  const [lat, lng] = jitter(rng, centre.lat, centre.lng, district ? 1.5 : 3);
  const streets = streetsFor(city.slug, district?.slug);
  const street = rng.pick(streets);
  const number =
    kind === "land" && rng.chance(0.4)
      ? "bb"
      : `${rng.int(1, rng.chance(0.7) ? 60 : 180)}${rng.chance(0.08) ? rng.pick(["a", "b", "v"]) : ""}`;
  const address = `${street} ${number}`;

  const ownerBlock = Math.floor((id - 1) / 8);
  const owner_id = id % 40 === 7 ? 2 : 3 + rng.int(Math.max(0, ownerBlock - 20), ownerBlock);
  const phone = rng.chance(0.8) ? seedUser(owner_id).phone : serbianMobile(rng);

  const status = rng.weighted(STATUSES, STATUS_WEIGHTS);
  const created_at = BASE_TIME - rng.int(0, 90 * DAY);
  const updated_at =
    status === "active"
      ? Math.max(created_at, BASE_TIME - rng.int(0, 28 * DAY))
      : created_at + rng.int(0, BASE_TIME - created_at);
  const promotion = rng.next();
  const promoted_until =
    status !== "active"
      ? null
      : promotion < 0.05
        ? BASE_TIME + rng.int(30, 120) * DAY
        : promotion < 0.07
          ? BASE_TIME - rng.int(1, 20) * DAY
          : null;

  // Drawn last, so every draw before it stays put.
  const rejection = status === "rejected" ? rng.pick(SEED_REJECTIONS) : null;

  const listing: SeedListing = {
    id,
    type_id: type.id,
    deal: type.deal,
    property_type: type.type,
    city_id: cityIndex + 1,
    district_id: district ? DISTRICT_IDS.get(district)! : null,
    address,
    lat,
    lng,
    location_precision: seedPrecision(id),
    price,
    area,
    land_area: landArea,
    rooms,
    bedrooms,
    bathrooms,
    floor,
    floors,
    year_built: facts.yearBuilt,
    furnished: bit(furnishedValue),
    heating: facts.heating,
    parking: bit(parking),
    balcony: bit(balcony),
    elevator: bit(elevator),
    deposit,
    pets_allowed: bit(pets),
    title,
    title_generated,
    description,
    lang,
    owner_id,
    phone,
    status,
    promoted_until,
    highlight_until: null,
    home_until: null,
    created_at,
    updated_at,
    expires_at: updated_at + 30 * DAY,
    published_at: status === "active" || status === "archived" ? created_at : null,
    checked_at: status === "active" ? updated_at : null,
    submitted_at: status === "pending" ? updated_at : null,
    rejection_code: rejection?.code ?? null,
    rejection_reason: rejection?.reason ?? null,
    hidden_at: null,
    confirmed_at: null,
    confirm_asked_at: null,
    unconfirmed_at: null,
  };
  const special = ownerShowcase(listing) ?? reportedListing(listing);
  // A run lasts 30 days from the listing's last change, as for every other seeded listing.
  return withAvailability(
    withPlacements(special ? { ...special, expires_at: special.updated_at + 30 * DAY } : listing),
  );
}

/**
 * The development user's listings whose availability the demo asks about (decision 084), when public: from
 * listing 247 on, every 80th was last confirmed 20 days ago — from 247 never asked (the next Cron run e-mails
 * their one-click links), from 287 asked five days ago and unanswered (the cabinet's banner shows them).
 */
function devAvailability(id: number): "unasked" | "asked" | null {
  if (!isDevUserListing(id) || id < 247) return null;
  return id % 80 === 247 % 80 ? "unasked" : "asked";
}

/**
 * Availability (decision 084), by id so no draw moves, on the seed's clock: most active listings were
 * confirmed within their cycle, at or after their last change. Every tenth from 8 and from 9 was last
 * confirmed at its last change and not since: a cycle old it is due (its owner asked once, a cycle after
 * the confirmation; every twentieth from 8 not asked yet), two cycles old it is out of search (hidden by
 * the run two cycles after it, which asked again). The development user's listings of `devAvailability` are
 * due whatever their deal, for the demo and the end-to-end test. Other states were never confirmed.
 */
function withAvailability(listing: SeedListing): SeedListing {
  if (listing.status !== "active") return listing;
  const cycle = CONFIRM_CYCLE_DAYS[listing.deal] * DAY;
  const { id, updated_at } = listing;
  const dev = devAvailability(id);
  if (dev) {
    const asked = dev === "asked" ? BASE_TIME - 5 * DAY : null;
    return { ...listing, confirmed_at: BASE_TIME - 20 * DAY, confirm_asked_at: asked };
  }
  if (id % 10 < 8) {
    // Within the cycle: from an hour to a cycle less an hour ago, never before its last change.
    const hours = 1 + ((id * 7) % (CONFIRM_CYCLE_DAYS[listing.deal] * 24 - 2));
    return { ...listing, confirmed_at: Math.max(updated_at, BASE_TIME - hours * HOUR) };
  }
  const age = BASE_TIME - updated_at;
  if (age >= CONFIRM_HIDE_CYCLES * cycle) {
    const hidden = updated_at + CONFIRM_HIDE_CYCLES * cycle;
    return { ...listing, confirmed_at: updated_at, confirm_asked_at: hidden, unconfirmed_at: hidden };
  }
  const asked = age >= cycle && id % 20 !== 8 ? updated_at + cycle : null;
  return { ...listing, confirmed_at: updated_at, confirm_asked_at: asked };
}

/** Every 20th from 1 and from 11 shows only its street, every 20th from 5 its district. */
function seedPrecision(id: number): SeedListing["location_precision"] {
  const r = id % 20;
  return r === 1 || r === 11 ? "street" : r === 5 ? "district" : "exact";
}

/**
 * The seed's "Highlight" and "Home" placements (decision 040), by id so no draw moves: every third running
 * "Top" placement also runs on the home page until the same day (a package bought together), and every
 * 19th active listing is highlighted for three to six weeks — so a fresh site shows the home shelf and
 * the marks.
 */
function withPlacements(listing: SeedListing): SeedListing {
  if (listing.status !== "active") return listing;
  const top = listing.promoted_until !== null && listing.promoted_until > BASE_TIME;
  return {
    ...listing,
    home_until: top && listing.id % 3 === 0 ? listing.promoted_until : null,
    highlight_until: listing.id % 19 === 3 ? BASE_TIME + (21 + (listing.id % 22)) * DAY : null,
  };
}

/** Moderators' reasons of the seeded rejections (a code of REJECTION_CODES and their own words, in Serbian). */
const SEED_REJECTIONS = [
  { code: "photos", reason: "Fotografije su mutne i ne prikazuju stan. Dodajte jasne fotografije prostorija." },
  { code: "price", reason: "Cena ne odgovara opisu: proverite da li je navedena ukupna cena." },
  { code: "incomplete", reason: "Nedostaje sprat i broj soba." },
  { code: "rules", reason: null },
] as const;

/** The development user (README) is seeded user 2: every 40th listing, from listing 7, is theirs. */
export const DEV_USER_ID = 2;
export const isDevUserListing = (id: number) => id % 40 === 7;

/**
 * The development user's first eight listings show every screen of the cabinet (decision 038): two of
 * each state an owner acts on, one public listing that expires within EXPIRY_REMINDER_DAYS. The rest of
 * theirs keep their drawn states.
 */
function ownerShowcase(listing: SeedListing): SeedListing | null {
  if (!isDevUserListing(listing.id) || listing.id > 287) return null;
  const k = (listing.id - 7) / 40;
  const recent = BASE_TIME - (k + 1) * DAY;
  listing = { ...listing, created_at: Math.min(listing.created_at, recent - 2 * DAY) };
  switch (k) {
    case 0: // public, two days left: the reminder is due, renewal is on offer
      return active(listing, BASE_TIME - 28 * DAY);
    case 2: // waiting for review
      return { ...published(listing, null), status: "pending", updated_at: recent, submitted_at: recent };
    case 3: // rejected, with the moderator's reason
      return {
        ...published(listing, null),
        status: "rejected",
        updated_at: recent,
        submitted_at: recent - DAY,
        rejection_code: "photos",
        rejection_reason: SEED_REJECTIONS[0].reason,
      };
    case 4: // an unfinished draft: no description yet
      return { ...published(listing, null), status: "draft", updated_at: recent, description: null };
    case 5: // taken down by its owner after a month online
      return { ...published(listing, listing.created_at), status: "archived", updated_at: recent };
    default: // public, with time left
      return active(listing, BASE_TIME - (k + 3) * DAY);
  }
}

function published(listing: SeedListing, at: number | null): SeedListing {
  return {
    ...listing,
    published_at: at,
    checked_at: null,
    submitted_at: null,
    rejection_code: null,
    rejection_reason: null,
    promoted_until: null,
    highlight_until: null,
    home_until: null,
  };
}

function active(listing: SeedListing, since: number): SeedListing {
  const created_at = Math.min(listing.created_at, since);
  return {
    ...published(listing, created_at),
    status: "active",
    created_at,
    updated_at: since,
    checked_at: since,
    expires_at: since + 30 * DAY,
  };
}

/** Listings visitors reported (harness/seed/owner-activity.ts files the reports). */
export const REPORTED_LISTINGS = { hidden: 19, open: 23 } as const;

/** Listing 19 was taken off the site by three reports and waits in the moderation queue. */
function reportedListing(listing: SeedListing): SeedListing | null {
  if (listing.id !== REPORTED_LISTINGS.hidden) return null;
  const hidden = BASE_TIME - 6 * 60 * 60 * 1000;
  return {
    ...published(listing, listing.created_at),
    status: "pending",
    updated_at: hidden,
    submitted_at: hidden,
    hidden_at: hidden,
  };
}

/** The images of listing `listingId`, numbered from `firstId`. */
export function seedImages(listingId: number, firstId: number): SeedImage[] {
  const rng = rngFor(STREAM.image, listingId);
  const count = rng.int(3, 8);
  const images: SeedImage[] = [];
  for (let position = 0; position < count; position++) {
    const [width, height] = rng.pick(IMAGE_SIZES);
    images.push({ id: firstId + position, listing_id: listingId, position, width, height, seed: rng.uint32() });
  }
  return images;
}
