/**
 * The reads of agencies' public pages (decision 103): an agency's id for the search's `agency` filter, its
 * cities, its response to messages, the directory of agencies by city and the sitemap's agencies. Which
 * agency is public, and where its name and licence are read, is `agency-live.ts`.
 */
import type { Database } from "#worker/app-env.ts";
import type { Locale } from "#shared/locales.ts";
import { AGENCY_ACCOUNT, AGENCY_PUBLIC_COLUMNS, type AgencyPublicRow, LIVE_AGENCY } from "./agency-live.ts";
import { CONFIRMED, nameColumn } from "./listing-columns.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Of an agency's listings (alias `l`), those the public sees: active and not hidden unconfirmed (decision 084). */
const PUBLIC_LISTING = `l.status = 'active' AND l.deleted_at IS NULL AND ${CONFIRMED}`;

/** The id of the public agency of `slug`, or null (the search's `agency` filter). */
export async function publicAgencyId(db: Database, slug: string): Promise<number | null> {
  const row = await db
    .prepare(`SELECT a.id FROM agencies a ${AGENCY_ACCOUNT} WHERE a.slug = ? AND ${LIVE_AGENCY}`)
    .bind(slug)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export interface AgencyCityRow {
  city_slug: string;
  city_name: string;
  listings: number;
}

/** The cities of an agency's public listings, most listings first. */
export async function agencyCities(db: Database, agencyId: number, locale: Locale): Promise<AgencyCityRow[]> {
  const { results } = await db
    .prepare(
      `SELECT c.slug AS city_slug, c.${nameColumn(locale)} AS city_name, n.listings
       FROM (SELECT l.city_id, COUNT(*) AS listings FROM listings l INDEXED BY listings_agency
             WHERE l.agency_id = ? AND ${PUBLIC_LISTING} GROUP BY l.city_id) n
       JOIN cities c ON c.id = n.city_id ORDER BY n.listings DESC, city_name`,
    )
    .bind(agencyId)
    .all<AgencyCityRow>();
  return results;
}

/** How many days of conversations the response figures count, and how long a conversation has to be answered. */
export const RESPONSE_WINDOW_DAYS = 30;
export const RESPONSE_GRACE_DAYS = 1;

export interface AgencyResponseRow {
  /** Conversations counted, and of them those the agency answered. */
  conversations: number;
  answered: number;
  /** The median of the time to the first answer (ms), null when none was answered. */
  median_reply_ms: number | null;
}

/**
 * How an agency answers messages: the conversations visitors started about any of its listings (whatever
 * the listing's state now) in the `RESPONSE_WINDOW_DAYS` days that end `RESPONSE_GRACE_DAYS` before
 * `until` — each had at least that long to be answered —, how many got an answer (any message in it not
 * the visitor's: the agent's or a manager's), and the median time from the visitor's first message to
 * that answer. Not counted: conversations by the agency's own members, and by accounts staff blocked or
 * that are deleted (spam should not count against an agency). One statement: the agency's listings by
 * `listings_agency`, their conversations by `(listing_id, visitor_id)`, each first answer by
 * `messages_conversation`; the median is the middle row(s) of the ordered answers, as on `/trust/`.
 */
export async function agencyResponse(db: Database, agencyId: number, until: number): Promise<AgencyResponseRow> {
  const end = until - RESPONSE_GRACE_DAYS * DAY_MS;
  const start = end - RESPONSE_WINDOW_DAYS * DAY_MS;
  const row = await db
    .prepare(
      `WITH counted AS (
         SELECT k.created_at,
           (SELECT MIN(m.created_at) FROM messages m
            WHERE m.conversation_id = k.id AND m.sender_id != k.visitor_id) AS answered_at
         FROM listings l JOIN conversations k ON k.listing_id = l.id JOIN users v ON v.id = k.visitor_id
         WHERE l.agency_id = ?1 AND k.created_at >= ?2 AND k.created_at < ?3
           AND v.blocked_at IS NULL AND v.deleted_at IS NULL
           AND k.visitor_id NOT IN (SELECT user_id FROM agency_members WHERE agency_id = ?1)
       ),
       waits AS (SELECT answered_at - created_at AS wait FROM counted WHERE answered_at IS NOT NULL)
       SELECT (SELECT COUNT(*) FROM counted) AS conversations, (SELECT COUNT(*) FROM waits) AS answered,
         (SELECT AVG(wait) FROM (SELECT wait FROM waits ORDER BY wait
            LIMIT 2 - (SELECT COUNT(*) FROM waits) % 2 OFFSET (SELECT (COUNT(*) - 1) / 2 FROM waits))) AS median_reply_ms`,
    )
    .bind(agencyId, start, end)
    .first<AgencyResponseRow>();
  return row ?? { conversations: 0, answered: 0, median_reply_ms: null };
}

export interface AgencyDirectoryRow extends AgencyPublicRow {
  city_slug: string;
  city_name: string;
  listings: number;
}

/**
 * Every public agency with public listings, once per city it has them in, with how many: the directory
 * (`/agencies/`) groups them by city. An agency without public listings is in none. It reads the agencies'
 * listings alone (`listings_agency`, partial on `agency_id`), never every listing: its cost grows with the
 * agencies' stock, and the page is kept at the edge (decision 094).
 */
export async function agencyDirectory(db: Database, locale: Locale): Promise<AgencyDirectoryRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${AGENCY_PUBLIC_COLUMNS}, c.slug AS city_slug, c.${nameColumn(locale)} AS city_name, n.listings
       FROM (SELECT l.agency_id, l.city_id, COUNT(*) AS listings FROM listings l INDEXED BY listings_agency
             WHERE l.agency_id IS NOT NULL AND ${PUBLIC_LISTING} GROUP BY l.agency_id, l.city_id) n
       JOIN agencies a ON a.id = n.agency_id ${AGENCY_ACCOUNT} JOIN cities c ON c.id = n.city_id
       WHERE ${LIVE_AGENCY}
       ORDER BY city_name, a.name, a.id`,
    )
    .bind()
    .all<AgencyDirectoryRow>();
  return results;
}

/** The slugs of the public agencies with public listings (the sitemap's; empty pages are thin) and their last change. */
export async function sitemapAgencies(db: Database): Promise<{ slug: string; updated_at: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT a.slug, max(a.updated_at, (SELECT max(l.updated_at) FROM listings l
           WHERE l.agency_id = a.id AND ${PUBLIC_LISTING})) AS updated_at
       FROM agencies a ${AGENCY_ACCOUNT}
       WHERE ${LIVE_AGENCY} AND EXISTS (SELECT 1 FROM listings l WHERE l.agency_id = a.id AND ${PUBLIC_LISTING})
       ORDER BY a.id`,
    )
    .bind()
    .all<{ slug: string; updated_at: number }>();
  return results;
}
