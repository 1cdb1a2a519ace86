/**
 * One check of an agency's feed (decision 100), run by the FEEDS queue's consumer: a conditional fetch with
 * the stored validators (decision 099), the offers read as they stream and each mapped at once (decision
 * 097), and the run's report stored — offers read and valid, every refusal with its offer's id, line and
 * reason (the first FEED_RUN_REFUSALS_KEPT kept, all counted), and why the feed was not read, if it was not.
 *
 * The validators are kept only from a feed read to its end: a feed cut off by a problem is fetched whole
 * again next time rather than answered "unchanged". Writing the listings from the valid offers is the
 * import's step, which plugs in where `valid` is counted.
 */
import { FEED_RUN_REFUSALS_KEPT } from "#shared/constants.ts";
import type { ApiFeedRefusal } from "#shared/api/agency-feeds.ts";
import { feedFetchProblemText, fetchFeed } from "#worker/adapters/feed-source.ts";
import type { Database } from "#worker/app-env.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import { type FeedRunRecord, liveFeed, recordRun } from "#worker/db/agency-feeds.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { gazetteerResolver } from "#worker/feeds/feed-places.ts";
import { feedProblemText, readYrlFeed, type YrlOffer } from "#worker/feeds/yrl-feed.ts";
import { duplicateRefusal, type FeedRefusal, mapYrlOffer, repeatedIds } from "#worker/feeds/yrl-offer.ts";

/** What a run needs of the Worker's environment. */
export type FeedCheckEnv = { DB: Database } & ConfigSource;

/** The run's report as stored; null when the feed was removed before its check. */
export async function checkFeed(env: FeedCheckEnv, feedId: number, now: number) {
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
    const resolvePlace = gazetteerResolver(await referenceTables(env).gazetteer());
    // Each offer is mapped as it streams and only its id, line and refusal are kept: the offers of a
    // feed near the byte limit would not fit in an isolate's memory (decision 097).
    const read: { offer: YrlOffer; refusal: FeedRefusal | null }[] = [];
    const result = await readYrlFeed(fetched.body, {
      onOffer: (offer) => {
        const mapped = mapYrlOffer(offer, { resolvePlace });
        const kept: YrlOffer = { internal_id: offer.internal_id, line: offer.line, values: {}, overflow: null };
        read.push({ offer: kept, refusal: "refusal" in mapped ? mapped.refusal : null });
      },
    });
    // Offers sharing an internal-id are all refused, whatever each held (decision 097).
    const repeated = repeatedIds(read.map((r) => r.offer.internal_id));
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
    run = {
      startedAt: now,
      finishedAt: finishedAt(),
      outcome: problem ? "failed" : "fetched",
      problem,
      offersRead: result.count,
      offersValid: valid,
      refusals,
      refusalsCount,
      ...(problem ? {} : { validators: { etag: fetched.etag, lastModified: fetched.lastModified } }),
    };
  }
  const id = await recordRun(env.DB, feed.id, run);
  return { id, ...run };
}
