/**
 * Lists of public listings: chosen ones by id (favourites, the map's popup), the sitemap's pages and the
 * counts per type and city. Only `active` listings are public; the sitemap and the counts leave out those hidden
 * for want of their owner's confirmation (decision 084), which favourites still name. The phone column is never
 * read here. The
 * search is in listing-search.ts, one listing with its photos in listing-detail.ts.
 */
import type { Locale } from "#shared/locales.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import { listingColumns, listingJoins, type ListingRow, SHOWN } from "./listing-columns.ts";
import type { Database } from "#worker/app-env.ts";

/** The active ones of `ids`, once each, in the order of their first mention. */
export async function listingsByIds(db: Database, ids: number[], locale: Locale): Promise<ListingRow[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const { results } = await db
    .prepare(
      `SELECT ${listingColumns(locale)} FROM listings l ${listingJoins}
       WHERE l.status = 'active' AND l.id IN (${unique.map(() => "?").join(", ")})`,
    )
    .bind(...unique)
    .all<ListingRow>();
  const byId = new Map(results.map((row) => [row.id, row]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** What the sitemap names of a listing: where it is and when it changed. */
export interface SitemapListingRow {
  id: number;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string;
  updated_at: number;
}

/** One page of the active listings in id order, and how many there are. */
export async function seoListingPage(
  db: Database,
  page: number,
  perPage: number,
): Promise<{ rows: SitemapListingRow[]; total: number }> {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT l.id, l.deal, l.property_type, c.slug AS city_slug, l.updated_at FROM listings l
         JOIN cities c ON c.id = l.city_id WHERE l.status = 'active' AND ${SHOWN}
         ORDER BY l.id LIMIT ? OFFSET ?`,
      )
      .bind(perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS n FROM listings l WHERE l.status = 'active' AND ${SHOWN}`),
  ]);
  return { rows: rows!.results as SitemapListingRow[], total: (count!.results[0] as { n: number }).n };
}

/** Active listings per listing type and city: which list pages have something to show. */
export async function listingCountsByTypeAndCity(db: Database) {
  const { results } = await db
    .prepare(
      `SELECT l.type_id, c.slug AS city_slug, COUNT(*) AS count FROM listings l JOIN cities c ON c.id = l.city_id
       WHERE l.status = 'active' AND ${SHOWN} GROUP BY l.type_id, l.city_id ORDER BY l.type_id, c.population DESC`,
    )
    .all<{ type_id: number; city_slug: string; count: number }>();
  return results;
}
