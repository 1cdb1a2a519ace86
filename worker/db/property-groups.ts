/**
 * The property groups' rows (decision 090): the queue of listings whose group may have changed (filled by
 * migration 0044's triggers), the listings a regrouping reads and what it writes; a group's other offers
 * for the detail. worker/workflows/property-groups.ts decides the groups from these rows.
 */
import { agencyJsonOf } from "./agency-live.ts";
import { PROPERTY_AREA_TOLERANCE } from "#shared/constants.ts";
import type { AdvertiserType } from "#shared/api/advertiser.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import { LIVE_AGENCY } from "./listing-columns.ts";
import { FINGERPRINTED_SQL, photoCandidatesSql, type PhotoCandidateRow } from "./moderator-signals.ts";
import type { Database } from "#worker/app-env.ts";

/** A listing of a regrouping: `public` when active, not deleted and not hidden for want of a confirmation. */
export interface GroupMemberRow {
  id: number;
  price: number;
  property_id: number | null;
  public: number;
}

/** Listings up to `limit` taken off the regrouping queue. */
export async function claimRegroup(db: Database, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `DELETE FROM property_regroup WHERE listing_id IN (SELECT listing_id FROM property_regroup ORDER BY listing_id LIMIT ?1)
       RETURNING listing_id`,
    )
    .bind(limit)
    .all<{ listing_id: number }>();
  return results.map((row) => row.listing_id);
}

const PUBLIC = (l: string) => `(${l}.status = 'active' AND ${l}.deleted_at IS NULL AND ${l}.unconfirmed_at IS NULL)`;

/** ?1: a JSON array of listing ids: they and every listing of their groups. */
const MEMBERS_SQL = `
  SELECT id, price, property_id, ${PUBLIC("listings")} AS public FROM listings
  WHERE id IN (SELECT value FROM json_each(?1))
  UNION
  SELECT o.id, o.price, o.property_id, ${PUBLIC("o")} FROM listings me CROSS JOIN listings o INDEXED BY listings_property
  WHERE me.id IN (SELECT value FROM json_each(?1)) AND o.property_id = me.property_id`;

/**
 * One property's facts: the same type, district (city without one), rooms and floor, and areas within
 * PROPERTY_AREA_TOLERANCE of the smaller; both public. A listing without an area groups with none.
 */
const SAME_PROPERTY = ` AND ${PUBLIC("ml")} AND l.unconfirmed_at IS NULL AND l.type_id = ml.type_id
    AND l.city_id = ml.city_id AND l.district_id IS ml.district_id AND l.rooms IS ml.rooms AND l.floor IS ml.floor
    AND abs(l.area - ml.area) <= ${PROPERTY_AREA_TOLERANCE} * min(l.area, ml.area)`;
const CANDIDATES_SQL = photoCandidatesSql(SAME_PROPERTY);

/** The listings `ids` and their groups' others. */
export async function groupMembers(db: Database, ids: readonly number[]): Promise<GroupMemberRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(MEMBERS_SQL)
    .bind(JSON.stringify([...new Set(ids)]))
    .all<GroupMemberRow>();
  return results;
}

/**
 * Decision 036's photo candidates of `ids` among other advertisers' public listings of the same property's
 * facts, and how many of each listing's photos have a fingerprint: one round trip.
 */
export async function propertyCandidates(db: Database, ids: readonly number[]) {
  if (!ids.length) return { candidates: [], fingerprinted: [] };
  const json = JSON.stringify([...new Set(ids)]);
  const [candidates, fingerprinted] = await db.batch([
    db.prepare(CANDIDATES_SQL).bind(json),
    db.prepare(FINGERPRINTED_SQL).bind(json),
  ]);
  return {
    candidates: candidates!.results as PhotoCandidateRow[],
    fingerprinted: fingerprinted!.results as { listing_id: number; n: number }[],
  };
}

/** Writes the groups: `[id, property_id, lead]` each, touching only the listings whose group changed. */
export async function writeGroups(db: Database, groups: readonly [number, number | null, 0 | 1][]): Promise<void> {
  if (!groups.length) return;
  await db
    .prepare(
      `UPDATE listings SET property_id = json_extract(g.value, '$[1]'), property_lead = json_extract(g.value, '$[2]')
       FROM json_each(?1) g
       WHERE listings.id = json_extract(g.value, '$[0]')
         AND (listings.property_id IS NOT json_extract(g.value, '$[1]') OR listings.property_lead != json_extract(g.value, '$[2]'))`,
    )
    .bind(JSON.stringify(groups))
    .run();
}

/** Another public offer of a listing's property, for the detail. */
export interface SamePropertyRow {
  id: number;
  price: number;
  advertiser_type: AdvertiserType;
  agency_name: string | null;
  /** Its agency's, when public (decision 103): then the agency offers it. */
  agency_json: string | null;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string;
}

/**
 * The statement of the other public listings of `id`'s group, cheapest first (none without a group), for a
 * batch: read from the group's index (the planner, seeing few groups, would otherwise walk public listings).
 */
export const samePropertyStatement = (db: Database, id: number) =>
  db
    .prepare(
      `SELECT o.id, o.price, CASE WHEN ${LIVE_AGENCY} THEN 'agency' ELSE 'owner' END AS advertiser_type,
         CASE WHEN ${LIVE_AGENCY} THEN ag.name END AS agency_name, ${agencyJsonOf("o")}, o.deal, o.property_type,
         c.slug AS city_slug
       FROM listings me CROSS JOIN listings o INDEXED BY listings_property ON o.property_id = me.property_id AND o.id != me.id
       JOIN cities c ON c.id = o.city_id
       LEFT JOIN agencies ag ON ag.id = o.agency_id LEFT JOIN users agu ON agu.id = ag.account_id
       WHERE me.id = ?1 AND me.property_id IS NOT NULL AND ${PUBLIC("o")}
       ORDER BY o.price, o.id`,
    )
    .bind(id);
