/**
 * Writing listings from a feed's valid offers (decision 101). A check (feed-check.ts) stages the offers
 * that need a write — new, changed, or whose listing the feed archived or is about to expire — and the
 * listings whose offer left the feed; each FEEDS message of kind `import` then writes at most
 * FEED_IMPORT_BATCH of them and queues the next, so no invocation nears the Workers' limits. An offer is
 * written whole or not at all: a batch's writes are one D1 batch, and when it fails each offer is written
 * in its own, the failing one becoming a refusal of the run.
 */
import { FEED_IMPORT_BATCH, FEED_RUN_REFUSALS_KEPT } from "#shared/constants.ts";
import type { ApiFeedRefusal } from "#shared/api/agency-feeds.ts";
import { listingType, type ListingTypeId } from "#shared/listing-types.ts";
import { generatedListingTitle } from "#shared/listing-title.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import type { Database } from "#worker/app-env.ts";
import { finishImport } from "#worker/db/agency-feeds.ts";
import {
  archiveGoneStatements,
  changeStatements,
  createStatements,
  dropRevisionStatement,
  feedAgent,
  type FeedAgent,
  feedListingRows,
  type FeedListingRow,
  feedListingStatement,
  forgetPhotos,
  importingRun,
  type ListingChange,
  OFFER_COLUMNS,
  type OfferText,
  type OfferValues,
  retireFeedListings,
  reviseStatement,
  runCountsStatement,
  runRefusalStatement,
  type StagedOffer,
  stagedRows,
  unstageStatement,
} from "#worker/db/feed-listings.ts";
import type { Gazetteer } from "#worker/db/gazetteer.ts";
import { placeMediansSql } from "#worker/db/moderator-signals.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import type { FeedListing } from "#worker/feeds/yrl-offer.ts";
import type { FeedCheckEnv } from "./feed-check.ts";
import { enqueueFeedPhotos } from "./feed-photos-message.ts";
import { mailFeedRefusals } from "./feed-mail.ts";
import { lowPrice } from "./moderator-signals.ts";

/** The validators of the fetched answer, kept for the next conditional fetch once the import is done. */
interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export interface FeedImportMessage {
  kind: "import";
  feedId: number;
  runId: number;
  validators: FeedValidators;
}

/** The listings of a removed feed to archive, FEED_IMPORT_BATCH a message. */
export interface FeedRetireMessage {
  kind: "retire";
  feedId: number;
}

/** How a check or a batch hands on the rest of the import (the FEEDS queue; tests run it themselves). */
export type ContinueImport = (message: FeedImportMessage) => Promise<void>;

export type FeedImportEnv = FeedCheckEnv & Pick<Env, "FEEDS" | "FEED_PHOTOS">;

type Counts = { created: number; updated: number; archived: number; unchanged: number };
const noCounts = (): Counts => ({ created: 0, updated: 0, archived: 0, unchanged: 0 });

/** A digest of a value's JSON: an offer's mapped values, or its photos' addresses. */
async function digest(value: unknown): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(value))));
  return btoa(String.fromCharCode(...bytes.subarray(0, 18)));
}

/** What decides whether an offer changed: everything mapped but its line in the feed and its photos. */
export const offerDigests = async (listing: FeedListing) => ({
  values_hash: await digest([listing.type_id, listing.city_id, listing.district_id, listing.values]),
  photos_hash: await digest(listing.photos),
});

/** The offer as the listing's columns: the type's deal and kind, flags as 0/1, a title made from the facts. */
function offerColumns(listing: FeedListing, gazetteer: Gazetteer): { values: OfferValues; text: OfferText } {
  const type = listingType(listing.type_id as ListingTypeId)!;
  const v = listing.values as Record<string, string | number | boolean | null | undefined>;
  const values = {} as OfferValues;
  for (const name of OFFER_COLUMNS) {
    const value = v[name];
    values[name] = typeof value === "boolean" ? Number(value) : (value ?? null);
  }
  Object.assign(values, {
    type_id: listing.type_id,
    deal: type.deal,
    property_type: type.type,
    city_id: listing.city_id,
    district_id: listing.district_id,
    location_precision: values.location_precision ?? "exact",
  });
  const text: OfferText = { description: String(v.description), lang: v.lang as OfferText["lang"] };
  const city = gazetteer.cityById.get(listing.city_id);
  const district = gazetteer.districts.find((d) => d.id === listing.district_id);
  values.title = city
    ? generatedListingTitle(
        {
          deal: type.deal,
          type: type.type,
          rooms: (values.rooms as number | null) ?? null,
          area: (values.area as number | null) ?? null,
          land_area: (values.land_area as number | null) ?? null,
          city: city[`name_${text.lang}`],
          district: district ? district[`name_${text.lang}`] : null,
        },
        textCatalog(text.lang).intl,
      )
    : null;
  return { values, text };
}

/** One staged row's writes and what they count for. */
interface Planned {
  row: StagedOffer;
  statements: D1PreparedStatement[];
  counts: Counts;
  /** The photos to fetch: `listingId` null for a listing created by this plan's first statement. */
  photos: { listingId: number | null; urls: string[] } | null;
}

/** The place medians of the listings whose new price may trip the low-price flag (decision 088), in one query. */
async function lowPriced(
  db: Database,
  candidates: {
    key: string;
    type_id: number;
    city_id: number;
    district_id: number | null;
    price: number;
    area: number;
  }[],
) {
  const flagged = new Set<string>();
  if (!candidates.length) return flagged;
  const keys = JSON.stringify(candidates.map((c) => [c.type_id, c.city_id, c.district_id]));
  const { results } = await db
    .prepare(
      `WITH medians AS (${placeMediansSql(
        "SELECT value ->> '$[0]' AS type_id, value ->> '$[1]' AS city_id, value ->> '$[2]' AS district_id FROM json_each(?1)",
      )}) SELECT type_id, city_id, district_id, n, median FROM medians`,
    )
    .bind(keys)
    .all<{ type_id: number; city_id: number; district_id: number | null; n: number; median: number | null }>();
  for (const c of candidates) {
    const m = results.find(
      (r) => r.type_id === c.type_id && r.city_id === c.city_id && r.district_id === c.district_id,
    );
    const signal = lowPrice({
      price_m2: c.price / c.area,
      sample_size: m?.n ?? 0,
      median: m?.median ?? null,
      by_district: c.district_id === null ? 0 : 1,
    });
    if (signal) flagged.add(c.key);
  }
  return flagged;
}

const PLACE_COLUMNS = ["type_id", "city_id", "district_id", "address", "lat", "lng"] as const;

/**
 * An offer's writes to its existing listing. The rule for an approved listing (active, or archived):
 * its facts and price change at once, as an owner's do (decision 053); its texts wait as a revision;
 * and the whole listing goes back to the moderation queue only when its place or type changes or its new
 * price trips the low-price flag. A listing still waiting, or refused, takes the offer whole (a refused one
 * is submitted again).
 */
function updatePlan(
  db: Database,
  feedId: number,
  row: StagedOffer,
  current: FeedListingRow,
  offer: { values: OfferValues; text: OfferText; urls: string[] },
  flagged: boolean,
  now: number,
): Planned {
  const valuesChanged = current.values_hash !== row.values_hash;
  const photosChanged = current.photos_hash !== row.photos_hash;
  const restore = current.status === "archived" && current.archived_by_feed === 1;
  const approved = current.status === "active" || current.status === "archived";
  const change: ListingChange = { values: {}, renew: current.status === "active" || restore };
  const statements: D1PreparedStatement[] = [];
  if (valuesChanged) {
    const moved = PLACE_COLUMNS.some((name) => offer.values[name] !== current[name]);
    if (!approved || moved || flagged) {
      Object.assign(change.values, offer.values, offer.text);
      if (current.status !== "pending" && current.status !== "draft") {
        const reason = !approved
          ? "feed: offer changed"
          : moved
            ? "feed: place or type changed"
            : "feed: price flagged";
        change.status = { to: "pending", reason };
        change.renew = false;
      }
      statements.push(dropRevisionStatement(db, current.id));
    } else {
      Object.assign(change.values, offer.values);
      const sameAsApproved = offer.text.description === current.description && offer.text.lang === current.lang;
      const sameAsRevision =
        offer.text.description === current.revision_description && offer.text.lang === current.revision_lang;
      if (sameAsApproved) statements.push(dropRevisionStatement(db, current.id));
      else if (!sameAsRevision)
        statements.push(reviseStatement(db, current.id, offer.text, String(offer.values.title), now));
    }
  }
  if (restore && !change.status) change.status = { to: "active", reason: "feed: offer back" };
  statements.unshift(...changeStatements(db, current.id, current.status, change, now));
  statements.push(
    feedListingStatement(
      db,
      feedId,
      row.internal_id,
      { valuesHash: row.values_hash!, photosHash: row.photos_hash!, archivedByFeed: false },
      now,
    ),
  );
  const counts = noCounts();
  if (valuesChanged || photosChanged || restore) counts.updated++;
  else counts.unchanged++;
  return {
    row,
    statements,
    counts,
    photos: photosChanged ? { listingId: current.id, urls: offer.urls } : null,
  };
}

async function plan(
  db: Database,
  feedId: number,
  rows: StagedOffer[],
  agent: FeedAgent,
  gazetteer: Gazetteer,
  now: number,
): Promise<Planned[]> {
  const current = new Map(
    (
      await feedListingRows(
        db,
        feedId,
        rows.map((r) => r.internal_id),
      )
    ).map((r) => [r.internal_id, r]),
  );
  const offers = new Map(
    rows
      .filter((r) => r.kind === "offer")
      .map((r) => {
        const listing = JSON.parse(r.listing!) as FeedListing;
        return [r.seq, { ...offerColumns(listing, gazetteer), urls: listing.photos }];
      }),
  );
  const candidates = rows.flatMap((r) => {
    const c = current.get(r.internal_id);
    const o = offers.get(r.seq);
    if (!c || !o || c.values_hash === r.values_hash || (c.status !== "active" && c.status !== "archived")) return [];
    const { price, area, type_id, city_id, district_id } = o.values as Record<string, number | null>;
    if (price === null || area === null || !area || (price === c.price && area === c.area)) return [];
    return [
      {
        key: r.internal_id,
        type_id: type_id!,
        city_id: city_id!,
        district_id: district_id ?? null,
        price: price!,
        area,
      },
    ];
  });
  const flagged = await lowPriced(db, candidates);
  return rows.map((row): Planned => {
    const existing = current.get(row.internal_id);
    const counts = noCounts();
    if (row.kind === "gone") {
      if (existing?.status !== "active" || existing.closed) return { row, statements: [], counts, photos: null };
      counts.archived++;
      return { row, statements: archiveGoneStatements(db, feedId, row.internal_id, now), counts, photos: null };
    }
    const offer = offers.get(row.seq)!;
    if (!existing) {
      counts.created++;
      const statements = createStatements(
        db,
        { feedId, internalId: row.internal_id, valuesHash: row.values_hash!, photosHash: row.photos_hash! },
        offer.values,
        offer.text,
        agent,
        now,
      );
      return { row, statements, counts, photos: offer.urls.length ? { listingId: null, urls: offer.urls } : null };
    }
    if (existing.closed) {
      counts.unchanged++;
      return { row, statements: [], counts, photos: null };
    }
    return updatePlan(db, feedId, row, existing, offer, flagged.has(row.internal_id), now);
  });
}

const sum = (plans: Planned[]) =>
  plans.reduce((total, p) => {
    for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += p.counts[k];
    return total;
  }, noCounts());

/** The photos to fetch of the written plans, the new listings' ids read from their inserts' answers. */
function photosOf(plans: Planned[], results: D1Result[], offsets: number[]) {
  return plans.flatMap((p, i) => {
    if (!p.photos) return [];
    const listingId = p.photos.listingId ?? (results[offsets[i]!]!.results[0] as { id: number } | undefined)?.id;
    return listingId ? [{ listingId, urls: p.photos.urls }] : [];
  });
}

/** Writes plans in one batch, with their rows' removal from the stage and their counts. */
async function writeTogether(db: Database, runId: number, plans: Planned[]) {
  const offsets: number[] = [];
  const statements: D1PreparedStatement[] = [];
  for (const p of plans) {
    offsets.push(statements.length);
    statements.push(...p.statements);
  }
  statements.push(
    unstageStatement(
      db,
      runId,
      plans.map((p) => p.row.seq),
    ),
    runCountsStatement(db, runId, sum(plans)),
  );
  const results = await db.batch(statements);
  return photosOf(plans, results, offsets);
}

/** The refusal of an offer the database would not take (its report says so; nothing of it was written). */
function writeRefusal(row: StagedOffer): ApiFeedRefusal {
  const line = row.listing ? (JSON.parse(row.listing) as FeedListing).line : 0;
  return {
    internal_id: row.internal_id,
    line,
    code: "write_failed",
    message: "feed.refusal.write_failed",
    args: { id: row.internal_id, line, element: "", value: "", max: 0 },
    reason: null,
  };
}

/**
 * One batch of a run's import: at most FEED_IMPORT_BATCH staged rows written, then the next batch queued
 * (`next`), or, with none left, the run finished: its validators kept and its managers mailed when offers
 * were refused. Null when the run is no longer importing (a newer run, or the feed removed).
 */
export async function importFeedBatch(
  env: FeedImportEnv,
  message: FeedImportMessage,
  now: number,
  next: ContinueImport,
): Promise<{ written: number; done: boolean } | null> {
  const db = env.DB;
  const run = await importingRun(db, message.feedId, message.runId);
  if (!run) return null;
  // One row more than a batch tells whether another message is needed.
  const rows = await stagedRows(db, run.id, FEED_IMPORT_BATCH + 1);
  const more = rows.length > FEED_IMPORT_BATCH;
  if (more) rows.pop();
  if (rows.length) {
    const agent = await feedAgent(db, message.feedId);
    if (!agent) {
      await finishImport(db, message.feedId, run.id, null, now, { code: "feed_no_agent", args: {} });
      return { written: 0, done: true };
    }
    const plans = await plan(db, message.feedId, rows, agent, await referenceTables(env).gazetteer(), now);
    let photos: { listingId: number; urls: string[] }[] = [];
    try {
      photos = await writeTogether(db, run.id, plans);
    } catch {
      // One offer the database refuses must not cost the others: each is written alone, whole or not at all.
      for (const p of plans) {
        try {
          photos.push(...(await writeTogether(db, run.id, [p])));
        } catch (error) {
          console.error(`feed ${message.feedId}: offer ${p.row.internal_id} not written:`, error);
          await db.batch([
            unstageStatement(db, run.id, [p.row.seq]),
            runRefusalStatement(db, run.id, writeRefusal(p.row), FEED_RUN_REFUSALS_KEPT),
          ]);
        }
      }
    }
    if (photos.length) {
      await enqueueFeedPhotos(env, photos).catch(async (error: unknown) => {
        // The listings are written; their photos are asked for again at the next check.
        console.error(`feed ${message.feedId}: photos not queued:`, error);
        await forgetPhotos(
          db,
          photos.map((p) => p.listingId),
        );
      });
    }
  }
  if (more) {
    await next(message);
    return { written: rows.length, done: false };
  }
  const finished = await finishImport(db, message.feedId, run.id, message.validators, now, null);
  if (finished && finished.refusals_count > 0) await mailFeedRefusals(env, message.feedId, finished, now);
  return { written: rows.length, done: true };
}

/**
 * One batch of archiving a removed feed's listings (its offers are no longer read, so nothing keeps them
 * current), the next queued while some may remain. Each is marked archived by the feed: the feed added
 * again at the same address takes them over and restores those still offered.
 */
export async function retireFeedBatch(
  env: Pick<FeedImportEnv, "DB">,
  message: FeedRetireMessage,
  now: number,
  next: (message: FeedRetireMessage) => Promise<void>,
): Promise<number> {
  const archived = await retireFeedListings(env.DB, message.feedId, FEED_IMPORT_BATCH, now);
  if (archived === FEED_IMPORT_BATCH) await next(message);
  return archived;
}
