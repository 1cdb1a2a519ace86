/**
 * One check of an agency's feed (decision 100), run by the FEEDS queue's consumer: a conditional fetch with
 * the stored validators (decision 099), the offers read as they stream and each mapped at once (decision
 * 097), and the run's report stored — offers read and valid, every refusal with its offer's id, line and
 * reason (the first FEED_RUN_REFUSALS_KEPT kept, all counted), and why the feed was not read, if it was not.
 *
 * The validators are kept only from a feed read to its end and imported whole: a feed cut off by a problem
 * is fetched whole again next time rather than answered "unchanged". The valid offers that need a write
 * are staged while the feed streams, and written by the import's batches (feed-import.ts, decision 101).
 */
import { FEED_RENEW_DAYS, FEED_RUN_REFUSALS_KEPT, FEED_STAGE_ROWS } from "#shared/constants.ts";
import type { ApiFeedRefusal } from "#shared/api/agency-feeds.ts";
import { feedFetchProblemText, fetchFeed } from "#worker/adapters/feed-source.ts";
import type { Database } from "#worker/app-env.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import {
  type FeedRunRecord,
  finishImport,
  liveFeed,
  newListingsAllowed,
  readRun,
  recordRun,
  startRun,
} from "#worker/db/agency-feeds.ts";
import { feedListingStates, stageStatement, type StagedOffer, unstageIds } from "#worker/db/feed-listings.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { gazetteerResolver } from "#worker/feeds/feed-places.ts";
import { feedProblemText, readYrlFeed, type YrlOffer } from "#worker/feeds/yrl-feed.ts";
import {
  duplicateRefusal,
  type FeedListing,
  type FeedRefusal,
  mapYrlOffer,
  repeatedIds,
} from "#worker/feeds/yrl-offer.ts";
import { type ContinueImport, type FeedImportEnv, offerDigests } from "./feed-import.ts";
import { mailFeedRefusals } from "./feed-mail.ts";

/** What a run needs of the Worker's environment. */
export type FeedCheckEnv = { DB: Database } & ConfigSource;

/**
 * The run's report as stored; null when the feed was removed before its check. A fetched feed's run goes on
 * importing through `next` (the FEEDS queue) when offers wait to be written.
 */
export async function checkFeed(env: FeedImportEnv, feedId: number, now: number, next: ContinueImport) {
  const feed = await liveFeed(env.DB, feedId);
  if (!feed) return null;
  const { ENVIRONMENT, SITE_ORIGIN } = config(env);
  const started = Date.now();
  const finishedAt = () => now + (Date.now() - started);
  const fetched = await fetchFeed(feed.url, {
    previous: { etag: feed.etag, lastModified: feed.last_modified },
    allowPrivateAddresses: ENVIRONMENT === "development",
    userAgent: `Kvadrat real estate feed reader (${SITE_ORIGIN ?? "development"})`,
  });
  const empty = { offersRead: 0, offersValid: 0, refusals: [], refusalsCount: 0 };
  let run: FeedRunRecord;
  if (fetched.outcome === "unchanged") {
    run = { startedAt: now, finishedAt: finishedAt(), outcome: "unchanged", problem: null, ...empty };
  } else if (fetched.outcome === "failed") {
    const text = feedFetchProblemText(fetched.problem);
    run = {
      startedAt: now,
      finishedAt: finishedAt(),
      outcome: "failed",
      problem: { code: fetched.problem.code, args: text.args },
      ...empty,
    };
  } else {
    return readAndStage(env, feed.id, fetched, now, next);
  }
  const id = await recordRun(env.DB, feed.id, run);
  return { id, ...run, staged: false };
}

/**
 * Reads a fetched feed as it streams, each offer mapped at once (decision 097) and only its id kept; the
 * offers needing a write are staged as they come, in statements of FEED_STAGE_ROWS (decision 101), and
 * after the read the listings whose offer left the feed. An offer is unchanged when its digests match what
 * was written last and its listing neither waits to be restored nor nears its end. A new offer past the
 * agency's allowance of new listings a day (`newListingsAllowed`, decision 108) waits: it is not staged, the
 * run counts it, and the feed keeps no validators, so a later check reads it again and writes it.
 */
async function readAndStage(
  env: FeedImportEnv,
  feedId: number,
  fetched: { body: ReadableStream<Uint8Array>; etag: string | null; lastModified: string | null },
  now: number,
  next: ContinueImport,
) {
  const db = env.DB;
  const started = Date.now();
  const runId = await startRun(db, feedId, now);
  const states = new Map(
    (await feedListingStates(db, feedId, now, FEED_RENEW_DAYS)).map((state) => [state.internal_id, state]),
  );
  // New offers past the agency's allowance wait for a later check, unwritten (decision 108).
  let allowed = await newListingsAllowed(db, feedId, now);
  const waiting = new Set<string>();
  const resolvePlace = gazetteerResolver(await referenceTables(env).gazetteer());
  const httpPhotos = config(env).ENVIRONMENT === "development";
  const read: { offer: YrlOffer; refusal: FeedRefusal | null }[] = [];
  const unchanged = new Set<string>();
  let seq = 0;
  let staged = 0;
  let buffer: FeedListing[] = [];
  let staging: Promise<void> = Promise.resolve();
  let stagingError: unknown = null;
  const stage = async (listings: FeedListing[]) => {
    const rows: StagedOffer[] = [];
    for (const listing of listings) {
      const digests = await offerDigests(listing);
      const state = states.get(listing.internal_id);
      const same =
        state !== undefined &&
        (state.closed === 1 ||
          (state.values_hash === digests.values_hash &&
            state.photos_hash === digests.photos_hash &&
            !(state.status === "archived" && state.archived_by_feed === 1) &&
            state.expiring === 0));
      if (same) {
        unchanged.add(listing.internal_id);
        continue;
      }
      if (state === undefined) {
        if (allowed <= 0) {
          waiting.add(listing.internal_id);
          continue;
        }
        allowed--;
      }
      rows.push({
        seq: seq++,
        internal_id: listing.internal_id,
        kind: "offer",
        listing: JSON.stringify(listing),
        ...digests,
      });
    }
    if (rows.length) await stageStatement(db, runId, rows).run();
    staged += rows.length;
  };
  const flush = () => {
    const chunk = buffer;
    buffer = [];
    staging = staging.then(() => stage(chunk)).catch((error: unknown) => void (stagingError ??= error));
  };
  const result = await readYrlFeed(fetched.body, {
    onOffer: (offer) => {
      const mapped = mapYrlOffer(offer, { resolvePlace, httpPhotos });
      const kept: YrlOffer = { internal_id: offer.internal_id, line: offer.line, values: {}, overflow: null };
      read.push({ offer: kept, refusal: "refusal" in mapped ? mapped.refusal : null });
      if ("listing" in mapped) {
        buffer.push(mapped.listing);
        if (buffer.length >= FEED_STAGE_ROWS) flush();
      }
    },
  });
  flush();
  await staging;
  if (stagingError) throw stagingError;
  // Offers sharing an internal-id are all refused, whatever each held (decision 097).
  const repeated = repeatedIds(read.map((r) => r.offer.internal_id));
  if (repeated.size && staged) {
    const { results } = await unstageIds(db, runId, [...repeated]).all();
    staged -= results.length;
  }
  for (const id of repeated) {
    unchanged.delete(id);
    waiting.delete(id);
  }
  const refusals: ApiFeedRefusal[] = [];
  let refusalsCount = 0;
  let valid = 0;
  for (const { offer, refusal } of read) {
    const refused = offer.internal_id !== null && repeated.has(offer.internal_id) ? duplicateRefusal(offer) : refusal;
    if (!refused) {
      valid++;
      continue;
    }
    refusalsCount++;
    if (refusals.length < FEED_RUN_REFUSALS_KEPT) {
      const { internal_id, line, code, message, args, reason } = refused;
      refusals.push({ internal_id, line, code, message, args, reason });
    }
  }
  const problem = result.problem ? { code: result.problem.code, args: feedProblemText(result.problem).args } : null;
  if (!problem) {
    // A listing whose offer is gone from a feed read to its end is archived; one still in it, even refused,
    // is left as it is (its refusal says why it was not updated).
    const present = new Set(read.map((r) => r.offer.internal_id));
    const gone = [...states.values()].filter((s) => s.status === "active" && !s.closed && !present.has(s.internal_id));
    for (let i = 0; i < gone.length; i += FEED_STAGE_ROWS * 5) {
      const rows = gone.slice(i, i + FEED_STAGE_ROWS * 5).map((s): StagedOffer => ({
        seq: seq++,
        internal_id: s.internal_id,
        kind: "gone",
        listing: null,
        values_hash: null,
        photos_hash: null,
      }));
      await stageStatement(db, runId, rows).run();
      staged += rows.length;
    }
  }
  const run = {
    finishedAt: now + (Date.now() - started),
    outcome: problem ? ("failed" as const) : ("fetched" as const),
    problem,
    offersRead: result.count,
    offersValid: valid,
    refusals,
    refusalsCount,
    unchanged: problem ? 0 : unchanged.size,
    waiting: problem ? 0 : waiting.size,
    staged: !problem && staged > 0,
  };
  await readRun(db, runId, run);
  // With offers waiting the feed keeps no validators: the next check reads it whole, even unchanged, and
  // writes them as the allowance grows.
  const validators = run.waiting
    ? { etag: null, lastModified: null }
    : { etag: fetched.etag, lastModified: fetched.lastModified };
  if (run.staged) await next({ kind: "import", feedId, runId, validators });
  else if (!problem) {
    const finished = await finishImport(db, feedId, runId, validators, run.finishedAt, null);
    if (finished && finished.refusals_count > 0) await mailFeedRefusals(env, feedId, finished, now);
  }
  return { id: runId, startedAt: now, ...run };
}
