/** Listings of the cabinet tests, written straight to D1 in any state (the states' own flows are tested elsewhere). */
import { env } from "cloudflare:test";

export const DAY = 24 * 60 * 60 * 1000;
/** The tests' clock: listings' times are relative to it. */
export const NOW = Date.now();

let nextId = 980_000 + Math.floor(Math.random() * 1000) * 10;
/** An id no other listing of the run has. */
export const uniqueListingId = () => ++nextId;

export interface ListingValues {
  status?: string;
  title?: string | null;
  title_generated?: number;
  lang?: string | null;
  city_id?: number | null;
  district_id?: number | null;
  price?: number | null;
  rooms?: number | null;
  area?: number | null;
  created_at?: number;
  updated_at?: number;
  expires_at?: number;
  published_at?: number | null;
  checked_at?: number | null;
  submitted_at?: number | null;
  rejection_code?: string | null;
  rejection_reason?: string | null;
  hidden_at?: number | null;
  deleted_at?: number | null;
  reminded_at?: number | null;
}

/**
 * A flat for sale of `ownerId` (active, public for 20 days, 10 days left unless told otherwise), its
 * agency's when the owner belongs to one (as a listing written through the wizard is); its id.
 * A draft with `city_id: null` states nothing but its type.
 */
export async function insertListing(ownerId: number, values: ListingValues = {}): Promise<number> {
  const id = ++nextId;
  const draft = values.status === "draft";
  const row = {
    status: "active",
    title: `Flat number ${id}`,
    title_generated: 0,
    lang: "en",
    city_id: 1,
    district_id: null,
    price: 100_000 + id,
    rooms: 2,
    area: 60,
    created_at: NOW - 20 * DAY,
    updated_at: NOW - 2 * DAY,
    expires_at: NOW + 10 * DAY,
    published_at: draft ? null : NOW - 20 * DAY,
    checked_at: null,
    submitted_at: null,
    rejection_code: null,
    rejection_reason: null,
    hidden_at: null,
    deleted_at: null,
    reminded_at: null,
    ...values,
  };
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area,
       rooms, title, title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at,
       published_at, checked_at, submitted_at, rejection_code, rejection_reason, hidden_at, deleted_at, reminded_at,
       agency_id)
     VALUES (?1, 4, 'sale', 'apartment', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, '+381601234567',
       ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26,
       (SELECT agency_id FROM agency_members WHERE user_id = ?14))`,
  )
    .bind(
      id,
      row.city_id,
      row.district_id,
      row.city_id === null ? null : "Knez Mihailova 1",
      row.city_id === null ? null : 44.8176,
      row.city_id === null ? null : 20.4569,
      row.price,
      row.area,
      row.rooms,
      row.title,
      row.title_generated,
      draft && row.title === null ? null : "A flat written straight to the database for the cabinet tests.",
      row.lang,
      ownerId,
      row.status,
      row.created_at,
      row.updated_at,
      row.expires_at,
      row.published_at,
      row.checked_at,
      row.submitted_at,
      row.rejection_code,
      row.rejection_reason,
      row.hidden_at,
      row.deleted_at,
      row.reminded_at,
    )
    .run();
  return id;
}
