/**
 * Every statement one search sends to the database — the page, the "Top" block, the count and the facets, as
 * the API's `searchListings` builds them — recorded on a node:sqlite database with the real migrations: what
 * `npm run bench:db` reads the plans of and times in SQLite alone, apart from the HTTP path.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import * as v from "valibot";
import { SearchQuery } from "#shared/api/realty.ts";
import { type ResolvedPlaces, searchListings } from "#worker/db/listing-search.ts";
import { sqliteD1 } from "./sqlite-d1.ts";

export interface SentStatement {
  sql: string;
  args: SQLInputValue[];
}

/** The city and district of a query string as ids, read from the database's reference tables. */
function placesOf(sqlite: DatabaseSync, city?: string, district?: string): ResolvedPlaces {
  if (!city) return {};
  const cityId = Number(sqlite.prepare("SELECT id FROM cities WHERE slug = ?").get(city)!.id);
  if (!district) return { cityId };
  const districtId = Number(
    sqlite.prepare("SELECT id FROM districts WHERE slug = ? AND city_id = ?").get(district, cityId)!.id,
  );
  return { cityId, districtId };
}

/** The statements of the search a query string asks for (`/api/realty/search?<query>`), in the order built. */
export async function searchBatchSql(sqlite: DatabaseSync, query: string, now = Date.now()): Promise<SentStatement[]> {
  const filters = v.parse(SearchQuery, Object.fromEntries(new URLSearchParams(query)));
  const { db } = sqliteD1(sqlite);
  const sent: SentStatement[] = [];
  const recording = {
    prepare: (sql: string) => {
      const statement = db.prepare(sql);
      const bind = statement.bind.bind(statement);
      statement.bind = (...args: unknown[]) => {
        sent.push({ sql, args: args as SQLInputValue[] });
        return bind(...args);
      };
      return statement;
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  } as unknown as D1Database;
  await searchListings(recording, filters, placesOf(sqlite, filters.city, filters.district), {
    sort: filters.sort,
    page: filters.page,
    perPage: filters.per_page,
    facets: filters.facets,
    locale: "en",
    now,
  });
  return sent;
}

/** Milliseconds of this process's CPU: what SQLite spends, whatever else the machine runs meanwhile. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The median CPU time of running every statement once, over `runs` runs (after one to warm the cache). */
export function batchCpuMs(sqlite: DatabaseSync, statements: SentStatement[], runs = 9): number {
  const prepared = statements.map(({ sql, args }) => ({ statement: sqlite.prepare(sql), args }));
  const once = () => {
    const start = cpuMs();
    for (const { statement, args } of prepared) statement.all(...args);
    return cpuMs() - start;
  };
  once();
  const times = Array.from({ length: runs }, once).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}
