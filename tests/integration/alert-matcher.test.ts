/**
 * The alerts' matcher (worker/workflows/alert-matcher.ts) decides in memory what the search's SQL
 * (worker/db/listing-search.ts `whereClause`) decides in D1. These tests keep the two in step: many random saved
 * queries run both ways over the seeded listings must find the same listings, and the matcher's folding of
 * words must be the full-text index's, character by character.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchFilters } from "#shared/api/realty.ts";
import type { SavedQuery } from "#shared/api/saved-searches.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";
import { ftsTerms } from "#shared/search-words.ts";
import { placeIds, readGazetteer } from "#worker/db/gazetteer.ts";
import { ftsQuery, whereClause } from "#worker/db/listing-search.ts";
import { buildIndex, type ListingFacts, matchingSearches, queryMatches } from "#worker/workflows/alert-matcher.ts";

type Listing = ListingFacts & { id: number };

let listings: Listing[] = [];
let places: { city: string; districts: string[] }[] = [];
/** Words of the listings' texts, to build text filters that find something. */
let vocabulary: string[] = [];

beforeAll(async () => {
  listings = (
    await env.DB.prepare(
      `SELECT l.id, l.type_id, l.deal, c.slug AS city, d.slug AS district, l.price, l.area, l.rooms, l.floor,
         l.furnished, l.title, l.description, l.address
       FROM listings l LEFT JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE l.status = 'active' AND l.unconfirmed_at IS NULL AND l.property_lead = 1 ORDER BY l.id`,
    ).all<Listing>()
  ).results;
  const rows = (
    await env.DB.prepare(
      `SELECT c.slug AS city, group_concat(d.slug) AS districts FROM cities c LEFT JOIN districts d ON d.city_id = c.id
       WHERE c.id IN (SELECT city_id FROM listings WHERE status = 'active') GROUP BY c.id`,
    ).all<{ city: string; districts: string | null }>()
  ).results;
  places = rows.map((row) => ({ city: row.city, districts: row.districts ? row.districts.split(",") : [] }));
  const words = new Set<string>();
  for (const listing of listings) {
    for (const text of [listing.title, listing.description, listing.address]) {
      for (const word of (text ?? "").split(/[^\p{L}\p{N}]+/u)) if (word) words.add(word);
    }
  }
  vocabulary = [...words].sort();
});

/** The ids the search's SQL finds for a saved query; null when the search would refuse it (400). */
async function sqlMatches(query: SavedQuery): Promise<Set<number> | null> {
  const filters = { ...query, type: query.type ?? [], rooms: query.rooms ?? [] } as SearchFilters;
  let resolved: { cityId?: number; districtId?: number } = {};
  if (query.city) {
    const ids = placeIds(await readGazetteer(env.DB), query.city, query.district);
    if (!ids || (query.district && ids.district_id === null)) return null;
    resolved = { cityId: ids.city_id, ...(query.district ? { districtId: ids.district_id! } : {}) };
  } else if (query.district) {
    return null;
  }
  const where = whereClause(filters, resolved);
  const { results } = await env.DB.prepare(`SELECT l.id FROM listings l WHERE ${where.sql}`)
    .bind(...where.args)
    .all<{ id: number }>();
  return new Set(results.map((row) => row.id));
}

/** Changes a word's case and marks the way visitors type it ("VRACAR", "vračar", "Vracar"). */
const variant = (word: string, mode: number) => {
  switch (mode) {
    case 0:
      return word;
    case 1:
      return word.toUpperCase();
    case 2:
      return word.normalize("NFD").replace(/\p{M}+/gu, "");
    case 3:
      return word.replace(/c/g, "č").replace(/s/g, "š");
    default:
      return word.normalize("NFD");
  }
};

/** The words of a listing's title, description and address. */
const wordsOf = (listing: Listing) =>
  [listing.title, listing.description, listing.address].flatMap((text) =>
    (text ?? "").split(/[^\p{L}\p{N}]+/u).filter(Boolean),
  );

/**
 * A text filter for a listing: prefixes of its own words (so it is found) or of anyone's, in the ways
 * visitors type them, sometimes a word nobody wrote or one character.
 */
const textArb = () =>
  fc
    .tuple(
      fc.array(
        fc.oneof(
          {
            weight: 8,
            arbitrary: fc.tuple(
              fc.nat(),
              fc.nat({ max: 12 }),
              fc.nat({ max: 4 }),
              fc.oneof(fc.constant(true), fc.boolean()),
            ),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom("zzqx", "Ђурђевдан", "ß", "I", "a", "2", "m²", "-", "стан", "Stan!"),
          },
        ),
        { minLength: 1, maxLength: 2 },
      ),
      fc.constantFrom(" ", ", ", "-", " / "),
    )
    .map(([parts, separator]) => (listing: Listing) => {
      const own = wordsOf(listing);
      return parts
        .map((part) => {
          if (typeof part === "string") return part;
          const [i, length, mode, ofListing] = part;
          const words = ofListing && own.length ? own : vocabulary;
          const word = words[i % words.length]!;
          return variant(word.slice(0, Math.max(1, Math.min(word.length, length || word.length))), mode);
        })
        .join(separator);
    });

/**
 * A bound near a listing's figure — at it, a little off either way, or far — so queries both find listings
 * and test the ends of ranges; or none.
 */
const bound = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(0, 0, 1, -1, 10, -10, 1000, -1000, 0.5) },
  );

const withBounds = (value: number | null, low: number | undefined, high: number | undefined, scale: number) => {
  const base = value ?? scale;
  const min = low === undefined ? undefined : Math.max(0, Math.round((base - Math.abs(low) * scale) * 100) / 100);
  const max = high === undefined ? undefined : Math.max(0, Math.round((base + high * scale) * 100) / 100);
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
};

/** A saved query made around a listing of the seed (so that it often finds some), every filter optional. */
const queryArb = () =>
  fc
    .record({
      listing: fc.nat(),
      deal: fc.constantFrom("none", "listing", "other"),
      types: fc.constantFrom("none", "listing", "random"),
      randomTypes: fc.subarray(
        LISTING_TYPES.map((t) => t.id as number),
        { minLength: 1, maxLength: 3 },
      ),
      place: fc.constantFrom("none", "city", "district", "other"),
      other: fc.nat(),
      price: fc.tuple(bound(), bound()),
      area: fc.tuple(bound(), bound()),
      floor: fc.tuple(bound(), bound()),
      rooms: fc.option(fc.subarray([0, 1, 2, 3, 4, 5], { minLength: 1, maxLength: 3 }), { nil: undefined, freq: 3 }),
      roomsOfListing: fc.boolean(),
      furnished: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.boolean() }),
      q: fc.option(textArb(), { nil: undefined, freq: 3 }),
    })
    .map((r): SavedQuery => {
      const listing = listings[r.listing % listings.length]!;
      const query: SavedQuery = {};
      if (r.deal === "listing") query.deal = listing.deal;
      if (r.deal === "other") query.deal = listing.deal === "sale" ? "rent" : "sale";
      const types = r.types === "listing" ? [listing.type_id] : r.types === "random" ? r.randomTypes : [];
      const ofDeal = types.filter((id) => !query.deal || LISTING_TYPES.find((t) => t.id === id)!.deal === query.deal);
      if (ofDeal.length) query.type = [...ofDeal].sort((a, b) => a - b);
      if (r.place === "city" || r.place === "district") query.city = listing.city!;
      if (r.place === "district" && listing.district) query.district = listing.district;
      if (r.place === "other") {
        const place = places[r.other % places.length]!;
        query.city = place.city;
        if (place.districts.length && r.other % 3 === 0)
          query.district = place.districts[r.other % place.districts.length];
      }
      [query.price_min, query.price_max] = withBounds(listing.price, ...r.price, 10_000);
      [query.area_min, query.area_max] = withBounds(listing.area, ...r.area, 10);
      const [floorMin, floorMax] = withBounds(listing.floor, ...r.floor, 1);
      // Floors are whole numbers in the search's query.
      query.floor_min = floorMin === undefined ? undefined : Math.floor(floorMin);
      query.floor_max = floorMax === undefined ? undefined : Math.ceil(floorMax);
      if (r.roomsOfListing && listing.rooms !== null) {
        query.rooms = [listing.rooms < 1 ? 0 : Math.min(5, Math.floor(listing.rooms))];
      } else if (r.rooms) {
        query.rooms = [...r.rooms].sort((a, b) => a - b);
      }
      if (r.furnished !== undefined) query.furnished = r.furnished;
      if (r.q) query.q = r.q(listing);
      for (const key of Object.keys(query) as (keyof SavedQuery)[]) if (query[key] === undefined) delete query[key];
      return query;
    });

describe("the alerts' matcher and the search's SQL", () => {
  // 500 queries through D1: ~1.3 s here, 6.4 s once on a machine busy with builds beside it.
  it("find the same listings for random saved queries (property)", { timeout: 30_000 }, async () => {
    let nonEmpty = 0;
    let withText = 0;
    await fc.assert(
      fc.asyncProperty(queryArb(), async (query) => {
        const sql = await sqlMatches(query);
        if (sql === null) return;
        const js = new Set(listings.filter((listing) => queryMatches(query, listing)).map((listing) => listing.id));
        if (js.size) nonEmpty++;
        if (query.q && ftsQuery(query.q) && js.size) withText++;
        expect(
          [...js].sort((a, b) => a - b),
          JSON.stringify(query),
        ).toEqual([...sql].sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
    // The property compared real answers, not only empty ones.
    expect(nonEmpty).toBeGreaterThan(120);
    expect(withText).toBeGreaterThan(25);
  });

  it("the index answers as each query alone would, and only for searches saved by then", () => {
    const queries = fc.sample(queryArb(), 300).map((query, i) => ({ id: i + 1, query, created_at: i % 2 ? 0 : 10 }));
    const index = buildIndex(queries);
    for (const listing of listings) {
      const expected = queries.filter((s) => queryMatches(s.query, listing)).map((s) => s.id);
      const found = matchingSearches(index, listing, 10).map((s) => s.id);
      expect(found.sort((a, b) => a - b)).toEqual(expected);
      const early = matchingSearches(index, listing, 5).map((s) => s.id);
      expect(early.sort((a, b) => a - b)).toEqual(expected.filter((id) => id % 2 === 0));
    }
  });

  it("follow the search's edge cases", () => {
    const base: Listing = {
      id: 1,
      type_id: 4,
      deal: "sale",
      city: "beograd",
      district: "vracar",
      price: 150_000,
      area: 58,
      rooms: 1.5,
      floor: 0,
      furnished: null,
      title: "Dvosoban stan, Vračar",
      description: "Đakovica ulica, m² 58",
      address: "Njegoševa 12",
    };
    const yes = (query: SavedQuery, listing = base) =>
      expect(queryMatches(query, listing), JSON.stringify(query)).toBe(true);
    const no = (query: SavedQuery, listing = base) =>
      expect(queryMatches(query, listing), JSON.stringify(query)).toBe(false);
    yes({ deal: "sale" });
    no({ deal: "rent" });
    yes({ type: [4, 5] });
    no({ type: [1] });
    yes({ city: "beograd", district: "vracar" });
    no({ city: "novi-sad", district: "vracar" });
    no({ district: "vracar" });
    // Both ends count; a listing without the figure fails its filter.
    yes({ price_min: 150_000, price_max: 150_000 });
    no({ price_max: 149_999 });
    no({ furnished: false });
    no({ area_min: 1 }, { ...base, area: null });
    // Rooms buckets: 1.5 is in 1, not in 2; a studio is fewer than 1; 5 is 5 and more.
    yes({ rooms: [1] });
    no({ rooms: [2] });
    yes({ rooms: [0] }, { ...base, rooms: 0.5 });
    yes({ rooms: [5] }, { ...base, rooms: 7 });
    yes({ floor_max: 0 });
    // Words are prefixes folded like the index (case, diacritics); one character must be a whole word.
    yes({ q: "VRAC dvoso" });
    yes({ q: "vračar" });
    yes({ q: "njegos" });
    no({ q: "vracar zzz" });
    no({ q: "d" });
    // "m²" is one word to the index (² is a digit), and "m2" another.
    no({ q: "m" });
    no({ q: "m²" });
    // đ has no diacritic to remove: the index keeps it.
    yes({ q: "đakov" });
    no({ q: "djakov" });
    no({ q: "dakov" });
    yes({ q: "!!!" });
  });
});

describe("the matcher's folding of words", () => {
  it("is the full-text index's, character by character", async () => {
    // One row per character of the scripts listings are written in (and their marks), tokenized by FTS5 as
    // the listings' index is; fts5vocab lists the terms it made.
    const chars: string[] = [];
    for (const [from, to] of <[number, number][]>[
      [0x20, 0x24f],
      [0x300, 0x36f],
      [0x370, 0x3ff],
      [0x400, 0x4ff],
      [0x1e00, 0x1eff],
      [0x2000, 0x206f],
    ]) {
      for (let code = from; code <= to; code++) {
        const char = String.fromCodePoint(code);
        // Unassigned points and letters newer than SQLite's tables (Unicode 7+) are not text anyone writes.
        if (/\p{Cn}/u.test(char) || code === 0x37f || (code >= 0x2065 && code <= 0x2069)) continue;
        chars.push(char);
      }
    }
    await env.DB.batch([
      env.DB.prepare("DROP TABLE IF EXISTS fold_probe_vocab"),
      env.DB.prepare("DROP TABLE IF EXISTS fold_probe"),
      env.DB.prepare("CREATE VIRTUAL TABLE fold_probe USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2')"),
      env.DB.prepare("CREATE VIRTUAL TABLE fold_probe_vocab USING fts5vocab (fold_probe, 'instance')"),
    ]);
    for (let i = 0; i < chars.length; i += 200) {
      const rows = chars.slice(i, i + 200).map((char, j) => [i + j + 1, `q${char}q Q${char}${char}X`]);
      await env.DB.prepare("INSERT INTO fold_probe (rowid, text) SELECT value ->> 0, value ->> 1 FROM json_each(?)")
        .bind(JSON.stringify(rows))
        .run();
    }
    const { results } = await env.DB.prepare("SELECT term, doc FROM fold_probe_vocab ORDER BY doc, offset").all<{
      term: string;
      doc: number;
    }>();
    const byDoc = new Map<number, string[]>();
    for (const row of results) byDoc.set(row.doc, [...(byDoc.get(row.doc) ?? []), row.term]);
    const wrong = chars
      .map((char, i) => ({ char, index: byDoc.get(i + 1) ?? [], ours: ftsTerms(`q${char}q Q${char}${char}X`) }))
      .filter(({ index, ours }) => JSON.stringify(index) !== JSON.stringify(ours))
      .map(
        ({ char, index, ours }) =>
          `U+${char.codePointAt(0)!.toString(16)} ${char}: ${JSON.stringify(index)} ≠ ${JSON.stringify(ours)}`,
      );
    await env.DB.batch([env.DB.prepare("DROP TABLE fold_probe_vocab"), env.DB.prepare("DROP TABLE fold_probe")]);
    expect(wrong).toEqual([]);
    expect(chars.length).toBeGreaterThan(1000);
  });
});
