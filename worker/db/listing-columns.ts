/**
 * What every read of a listing selects (the search, the lists by id, the detail and the previews): its
 * columns, joins and row type. The API shapes the rows (worker/api/shapes/listing.ts).
 */
import type { Locale } from "#shared/locales.ts";
import { LISTING_FACTS, type ListingFact } from "#shared/listing-facts.ts";
import type { FieldValue } from "#shared/listing-fields.ts";
import type { ListingTypeId, Deal, ListingKind } from "#shared/listing-types.ts";
import type { LocationPrecision } from "#shared/map.ts";
import type { AdvertiserType } from "#shared/api/advertiser.ts";
import { agencyJsonOf } from "./agency-live.ts";

/** Column of a localized name; the locale is one of three known values, never user text. */
export const nameColumn = (locale: Locale) => `name_${locale}` as const;

/** A listing's facts (shared/listing-fields.ts) as stored, each in a column of its name: yes/no as 1/0. */
export type StoredFacts = { [F in ListingFact]: (FieldValue<F> extends boolean ? number : FieldValue<F>) | null };

/** The facts' columns, in the order of `LISTING_FACTS` (names from the table, never from a request). */
const FACT_COLUMNS = LISTING_FACTS.map((name) => `l.${name}`).join(", ");

export interface ListingRow extends StoredFacts {
  id: number;
  type_id: ListingTypeId;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string;
  city_name: string;
  district_slug: string | null;
  district_name: string | null;
  address: string;
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  price: number;
  price_m2: number | null;
  /** The price before the last change while public, and when it changed (migration 0037). */
  previous_price: number | null;
  price_changed_at: number | null;
  title: string;
  title_generated: number;
  lang: "en" | "ru" | "sr";
  promoted_until: number | null;
  highlight_until: number | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  /** Last known to be on offer (decision 084); null for a listing never published. */
  confirmed_at: number | null;
  /** The first photo as JSON of an `ImageRow`, or null. */
  image_json: string | null;
  image_count: number;
  /** The public offers of its property (decision 090): 1 when no other advertiser offers it. */
  offers: number;
  /** Who offers it (decisions 087, 104): its agency (name and badge), or a private owner. */
  advertiser_type: AdvertiserType;
  /** Null for a private owner: an owner's name is never read for a list. */
  agency_name: string | null;
  agency_licensed: number;
  /**
   * The listing's agency (decision 103) as JSON `{slug, name, licensed}`; null without one, or one not
   * public. It, not the owning agent's account, is who offers the listing.
   */
  agency_json: string | null;
}

/** A listing's photo or illustration as stored: a photo has its key in the photo store, an illustration none. */
export interface ImageRow {
  id: number;
  width: number;
  height: number;
  photo_key: string | null;
}

/** The public sees a listing's approved photos only; those added since wait for a moderator (decision 053). */
export const PUBLIC_IMAGE = " AND i.state = 'public'";

/** SQL: the listing's agency (`ag`, joined with its licence account `agu`) offers it. */
export const LIVE_AGENCY = "ag.name IS NOT NULL AND agu.advertiser_type = 'agency'";

/**
 * Who offers it (decisions 087, 104): the listing's agency (`ag`) while its licence account (`agu`)
 * advertises as an agency — its name and the badge, which needs a checked number that is still its number
 * (a change clears the check) — and otherwise a private owner (an owner's name is never read here).
 */
const ADVERTISER_COLUMNS = `CASE WHEN ${LIVE_AGENCY} THEN 'agency' ELSE 'owner' END AS advertiser_type,
  CASE WHEN ${LIVE_AGENCY} THEN ag.name END AS agency_name,
  (${LIVE_AGENCY} AND ag.licence_number IS NOT NULL AND ag.licence_checked_at IS NOT NULL) AS agency_licensed`;

/** The listing's agency, when it has one and the agency is public (`agency-live.ts`), by its key. */
const AGENCY_COLUMN = agencyJsonOf("l");

/** How many public listings offer its property (decision 090), read from the group's index. */
const OFFERS = `CASE WHEN l.property_id IS NULL THEN 1 ELSE (SELECT COUNT(*) FROM listings o INDEXED BY listings_property WHERE o.property_id = l.property_id
  AND o.status = 'active' AND o.deleted_at IS NULL AND o.unconfirmed_at IS NULL) END AS offers`;

/**
 * A listing's columns. `lat`/`lng` are the shown point (migration 0021), the only one the public sees;
 * `exact` (the owner's and admins' previews only) reads the point the owner set and every photo.
 */
export const listingColumns = (locale: Locale, exact = false) => `
  l.id, l.type_id, l.deal, l.property_type, c.slug AS city_slug, c.${nameColumn(locale)} AS city_name,
  d.slug AS district_slug, d.${nameColumn(locale)} AS district_name, l.address,
  ${exact ? "l.lat, l.lng" : "l.shown_lat AS lat, l.shown_lng AS lng"}, l.location_precision, l.price,
  l.price_m2, l.previous_price, l.price_changed_at, ${FACT_COLUMNS}, l.title, l.title_generated,
  l.lang, l.promoted_until, l.highlight_until, l.created_at, l.updated_at, l.expires_at, l.confirmed_at,
  (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key) FROM listing_images i
     WHERE i.listing_id = l.id${exact ? "" : PUBLIC_IMAGE} ORDER BY i.position LIMIT 1) AS image_json,
  (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id${exact ? "" : PUBLIC_IMAGE}) AS image_count,
  ${OFFERS}, ${ADVERTISER_COLUMNS}, ${AGENCY_COLUMN}`;

/**
 * Of the active listings (alias `l`), those not hidden for want of their owner's confirmation (decision 084).
 * Asked of the small partial index of hidden ones by id, so a search that its covering indexes answer still
 * reads no listing row to tell.
 */
export const CONFIRMED = `NOT EXISTS (SELECT 1 FROM listings h INDEXED BY listings_unconfirmed
  WHERE h.id = l.id AND h.unconfirmed_at IS NOT NULL)`;

/** Each property once, by its group's lead (decision 090), asked of the small index of trailing offers. */
const LEADS = `NOT EXISTS (SELECT 1 FROM listings t INDEXED BY listings_trailing WHERE t.id = l.id AND t.property_lead = 0)`;

/** Of the active listings, those shown in search and lists: confirmed, each property once. */
export const SHOWN = `${CONFIRMED} AND ${LEADS}`;

export const listingJoins = `JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
  LEFT JOIN agencies ag ON ag.id = l.agency_id LEFT JOIN users agu ON agu.id = ag.account_id`;
