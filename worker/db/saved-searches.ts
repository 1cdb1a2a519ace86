/**
 * A signed-in person's saved searches (migration 0020, decision 041): the filters in their canonical text
 * (shared/api/saved-searches.ts), so the same filters are the same row — UNIQUE (user_id, query).
 */
import { SAVED_SEARCH_NEW_COUNT_MAX, SAVED_SEARCHES_MAX } from "#shared/constants.ts";
import type { Locale } from "#shared/locales.ts";
import type { AlertFrequency, SavedQuery } from "#shared/api/saved-searches.ts";
import type { GuestSavedSearch } from "#shared/saved-search-cookie.ts";
import type { Database } from "#worker/app-env.ts";

export interface SavedSearchRow {
  id: number;
  user_id: number;
  name: string | null;
  /** The canonical query text. */
  query: string;
  notify: 0 | 1;
  frequency: AlertFrequency;
  created_at: number;
  updated_at: number;
  opened_at: number;
  /** Matches since it was last opened whose listing is still public, up to one past SAVED_SEARCH_NEW_COUNT_MAX. */
  new_count: number;
}

/**
 * The columns of a search with its `new_count`: matches after `opened_at` of listings that are public now
 * (status 'active', as worker/db/listing-search.ts has it: a deleted listing is archived, a hidden one pending),
 * counted up to one past SAVED_SEARCH_NEW_COUNT_MAX (decision 116), so that a search reads a bounded number of rows.
 */
const SELECT = `SELECT s.*, (
    SELECT COUNT(*) FROM (
      SELECT 1 FROM saved_search_matches m JOIN listings l ON l.id = m.listing_id
      WHERE m.saved_search_id = s.id AND m.matched_at > s.opened_at AND l.status = 'active' AND l.unconfirmed_at IS NULL
      LIMIT ${SAVED_SEARCH_NEW_COUNT_MAX + 1}
    )
  ) AS new_count
  FROM saved_searches s`;

/** The person's saved searches, newest first. */
export async function listSavedSearches(db: Database, userId: number): Promise<SavedSearchRow[]> {
  const { results } = await savedSearchesStatement(db, userId).all<SavedSearchRow>();
  return results;
}

/** `listSavedSearches`' statement, to read in a batch with others. */
export const savedSearchesStatement = (db: Database, userId: number) =>
  db.prepare(`${SELECT} WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC`).bind(userId);

/** The person's saved search of exactly this canonical query, or null. */
export function findSavedSearch(db: Database, userId: number, query: string): Promise<SavedSearchRow | null> {
  return db.prepare(`${SELECT} WHERE s.user_id = ? AND s.query = ?`).bind(userId, query).first<SavedSearchRow>();
}

/** The person's saved search with this id; null when there is none or it is someone else's. */
export function savedSearchOf(db: Database, userId: number, id: number): Promise<SavedSearchRow | null> {
  return db.prepare(`${SELECT} WHERE s.id = ? AND s.user_id = ?`).bind(id, userId).first<SavedSearchRow>();
}

export interface NewSavedSearch {
  /** Canonical query text. */
  query: string;
  name: string | null;
  notify: boolean;
  frequency: AlertFrequency;
}

/**
 * Inserts the search unless the person already has it (UNIQUE) or has SAVED_SEARCHES_MAX; the count and
 * the insert are one statement, so two clicks at once make neither a 51st nor a second row.
 */
function guardedInsert(db: Database, userId: number, search: NewSavedSearch, createdAt: number, now: number) {
  return db
    .prepare(
      `INSERT INTO saved_searches (user_id, name, query, notify, frequency, created_at, updated_at, opened_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7
       WHERE (SELECT COUNT(*) FROM saved_searches WHERE user_id = ?1) < ?8
       ON CONFLICT (user_id, query) DO NOTHING`,
    )
    .bind(
      userId,
      search.name,
      search.query,
      search.notify ? 1 : 0,
      search.frequency,
      createdAt,
      now,
      SAVED_SEARCHES_MAX,
    );
}

export type InsertResult = { kind: "created" | "existing"; row: SavedSearchRow } | { kind: "limit_reached" };

/** Saves a search: the new row, the existing one of the same query (unchanged), or the limit reached. */
export async function insertSavedSearch(
  db: Database,
  userId: number,
  search: NewSavedSearch,
  now: number,
): Promise<InsertResult> {
  const [inserted, found] = await db.batch([
    guardedInsert(db, userId, search, now, now),
    db.prepare(`${SELECT} WHERE s.user_id = ? AND s.query = ?`).bind(userId, search.query),
  ]);
  const row = found!.results[0] as SavedSearchRow | undefined;
  if (!row) return { kind: "limit_reached" };
  return { kind: inserted!.meta.changes ? "created" : "existing", row };
}

/**
 * A guest's saved searches (the cookie, newest first) joining the account at sign-in: those it lacks are
 * added, newest first, while there is room (SAVED_SEARCHES_MAX), so when it is nearly full the oldest stay
 * out. Alerts are off: a guest never asked for e-mail. Each keeps when it was saved (not in the future);
 * opened now, so nothing counts as new yet. Returns how many were added.
 */
export async function addGuestSearches(
  db: Database,
  userId: number,
  searches: readonly GuestSavedSearch[],
  now: number,
): Promise<number> {
  if (!searches.length) return 0;
  const statements = searches.map((search, index) =>
    guardedInsert(
      db,
      userId,
      { query: search.key, name: search.name, notify: false, frequency: "daily" },
      // Unknown save times keep the cookie's order just below now.
      search.saved_at > 0 ? Math.min(search.saved_at, now) : now - index,
      now,
    ),
  );
  const results = await db.batch(statements);
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/**
 * Alerts on or off, and how often; turning them off makes the search's matches waiting for a digest
 * 'quiet' (never mailed, still new on the cabinet page). False when the id is not the person's.
 */
export async function setSavedSearchNotify(
  db: Database,
  userId: number,
  id: number,
  notify: boolean,
  frequency: AlertFrequency | undefined,
  now: number,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(
        "UPDATE saved_searches SET notify = ?1, frequency = coalesce(?2, frequency), updated_at = ?3 WHERE id = ?4 AND user_id = ?5",
      )
      .bind(notify ? 1 : 0, frequency ?? null, now, id, userId),
    db
      .prepare(
        `UPDATE saved_search_matches SET state = 'quiet'
         WHERE ?1 = 0 AND state = 'pending' AND saved_search_id = (SELECT id FROM saved_searches WHERE id = ?2 AND user_id = ?3)`,
      )
      .bind(notify ? 1 : 0, id, userId),
  ]);
  return Boolean(updated!.meta.changes);
}

/** The person's own name for it, or null to name it from its filters. False when the id is not theirs. */
export async function renameSavedSearch(
  db: Database,
  userId: number,
  id: number,
  name: string | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare("UPDATE saved_searches SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?")
    .bind(name, now, id, userId)
    .run();
  return Boolean(result.meta.changes);
}

/** Deletes it with its matches. False when the id is not the person's. */
export async function deleteSavedSearch(db: Database, userId: number, id: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db
      .prepare(
        "DELETE FROM saved_search_matches WHERE saved_search_id = (SELECT id FROM saved_searches WHERE id = ? AND user_id = ?)",
      )
      .bind(id, userId),
    db.prepare("DELETE FROM saved_searches WHERE id = ? AND user_id = ?").bind(id, userId),
  ]);
  return Boolean(deleted!.meta.changes);
}

/** The person opened it now: `new_count` starts again. */
export async function markSavedSearchOpened(db: Database, userId: number, id: number, now: number): Promise<void> {
  await db.prepare("UPDATE saved_searches SET opened_at = ? WHERE id = ? AND user_id = ?").bind(now, id, userId).run();
}

/** The names of a saved query's city and district in a language (what its label says); absent if unknown. */
export interface PlaceNames {
  city?: string;
  district?: string;
}

const NAME_COLUMNS: Record<Locale, string> = { en: "name_en", ru: "name_ru", sr: "name_sr" };

/**
 * The place names of many queries in one statement (a list of saved searches): each query's city by slug
 * and its district by slug within that city. A district without its city has no name (the search refuses it).
 */
export async function placeNamesOf(
  db: Database,
  queries: readonly SavedQuery[],
  locale: Locale,
): Promise<PlaceNames[]> {
  const wanted = queries.map((q) => (q.city ? { city: q.city, district: q.district ?? null } : null));
  if (!wanted.some(Boolean)) return queries.map(() => ({}));
  const column = NAME_COLUMNS[locale];
  const { results } = await db
    .prepare(
      `SELECT w.key AS i, c.${column} AS city, d.${column} AS district
       FROM json_each(?) w
       JOIN cities c ON c.slug = w.value ->> 'city'
       LEFT JOIN districts d ON d.city_id = c.id AND d.slug = w.value ->> 'district'`,
    )
    .bind(JSON.stringify(wanted))
    .all<{ i: number; city: string; district: string | null }>();
  const names: PlaceNames[] = queries.map(() => ({}));
  for (const row of results)
    names[row.i] = row.district ? { city: row.city, district: row.district } : { city: row.city };
  return names;
}

/** The names of query.city and query.district in a language: `{}` for a query naming neither or unknown ones. */
export async function placeNames(db: Database, query: SavedQuery, locale: Locale): Promise<PlaceNames> {
  return (await placeNamesOf(db, [query], locale))[0]!;
}
