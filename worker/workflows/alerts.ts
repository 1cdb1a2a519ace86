/**
 * E-mail alerts (decision 041), run by the Cron Trigger (worker/scheduled.ts). Three steps,
 * each idempotent, each reading a work list from where the last run stopped:
 *
 * 1. Matching (`matchNewListings`): the listings that went public since the last run (`listing_activations`,
 *    filled by a trigger on every approval and restore) are matched in memory against every saved search
 *    (worker/workflows/alert-matcher.ts) in batches of ACTIVATION_BATCH. A match is recorded once per search
 *    and listing ever — `pending` for a search with alerts on, `quiet` for one with them off (it still counts
 *    as new on the cabinet's page) — and the batch's matches and the cursor's move are one transaction.
 *    A listing is news to a search only if it went public at or after the search was saved, and never to
 *    its owner.
 *    A batch (`matchBatch(env, fromId, toId)`) is a unit of work on its own: when one run can no longer do
 *    them all, a Queue producer moves the cursor as it sends ranges and consumers call `matchBatch` with
 *    `moveCursor: false` (a redelivered range inserts nothing twice). Until then a run stops starting
 *    batches at its time budget and the next run goes on (`npm run alerts:bench` measures a batch).
 * 2. Digests (`sendDigests`): one e-mail per person per run with their pending matches, grouped by search —
 *    due when a search of theirs is `instant`, otherwise ALERT_DAILY_INTERVAL_MS after their last digest —
 *    at most ALERT_DIGEST_MAX_LISTINGS listings shown ("and N more" links to the search), only listings
 *    still public, in their language. Only to a confirmed address on the `saved_searches` list; the
 *    matches of anyone else turn quiet (no flood of old news if they come back). The matches are claimed
 *    (marked mailed) before the e-mail goes: overlapping runs never send one twice; a failed e-mail is not
 *    retried.
 * 3. Price drops (`sendPriceDrops`): the falls of public listings' prices (`listing_price_drops`, a
 *    trigger) are told to the people who keep the listing in their favourites — one e-mail per person per
 *    run, at most one per listing and person in PRICE_DROP_NOTICE_INTERVAL_MS (claimed in
 *    `price_drop_notices` before sending), a confirmed address on the `price_drops` list.
 */
import {
  ALERT_DAILY_INTERVAL_MS,
  ALERT_DIGEST_MAX_LISTINGS,
  PRICE_DROP_NOTICE_INTERVAL_MS,
} from "#shared/constants.ts";
import { parseCanonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import type { Locale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { paths } from "#shared/paths.ts";
import { previewImage } from "#shared/preview-image.ts";
import { illustrationUrl, photoVariants } from "#shared/photo-variants.ts";
import { savedSearchLabel } from "#shared/saved-search-label.ts";
import { savedSearchState, searchHref } from "#shared/search-query.ts";
import {
  activationsBetween,
  allSavedSearches,
  claimPending,
  claimPriceDropNotices,
  cursorOf,
  dueDigests,
  lastActivationId,
  lastPriceDropId,
  type MailListingRow,
  moveCursor,
  type NewMatch,
  priceDropRecipients,
  type PriceDropRow,
  publicListingsForMail,
  quietPending,
  quietSearchesOff,
  recordDigest,
  recordMatches,
  savedSearchesByIds,
} from "#worker/db/alerts.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { placeNamesOf } from "#worker/db/saved-searches.ts";
import type { ImageRow } from "#worker/db/listing-columns.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { type AlertListing, type DigestGroup, digestLetter, priceDropLetter } from "./alert-mail.ts";
import { type AlertIndex, buildIndex, matchingSearches } from "./alert-matcher.ts";
import { sendMail } from "#worker/adapters/mailer.ts";
import { mailLocale, type MailContext } from "./owner-mail.ts";
import { type UnsubscribeSigner, unsubscribeParts } from "./unsubscribe-links.ts";
import type { Database, RequestEnv } from "#worker/app-env.ts";

/**
 * What one run of the Cron Trigger (every five minutes) takes on, so that it stays within its limits —
 * 30 s of CPU by default, and D1's 1 000 queries per invocation — whatever is waiting; the rest waits for
 * the next run. `npm run alerts:bench` measures a batch.
 * - ACTIVATION_BATCH listings that went public are matched at a time (one read, a few writes), at most
 *   MATCH_BATCHES_PER_RUN batches;
 * - DIGESTS_PER_RUN people's digests (about six queries each);
 * - price drops PRICE_DROP_BATCH at a time, until PRICE_DROP_PEOPLE_PER_RUN people were written to (a claim each);
 * - and all of it within ALERT_RUN_BUDGET_MS of wall time, checked before each batch, so a run overshoots
 *   it by at most one batch.
 */
export const ACTIVATION_BATCH = 1000;
export const MATCH_BATCHES_PER_RUN = 10;
const DIGESTS_PER_RUN = 100;
const PRICE_DROP_BATCH = 200;
const PRICE_DROP_PEOPLE_PER_RUN = 200;
export const ALERT_RUN_BUDGET_MS = 15_000;

/** A saved search as the matcher holds it. */
export interface IndexedSearch {
  id: number;
  user_id: number;
  notify: boolean;
  query: SavedQuery;
  created_at: number;
}

/** Every saved search, indexed for matching (once per run or per batch of a queue consumer). */
export async function loadAlertIndex(db: Database): Promise<AlertIndex<IndexedSearch>> {
  const searches: IndexedSearch[] = [];
  for (const row of await allSavedSearches(db)) {
    const query = parseCanonicalQuery(row.query);
    // A stored query that no longer reads (a filter since removed) matches nothing rather than everything.
    if (query)
      searches.push({ id: row.id, user_id: row.user_id, notify: row.notify === 1, query, created_at: row.created_at });
  }
  return buildIndex(searches);
}

/**
 * Matches the activations with ids in (`fromId`, `toId`] against the saved searches and records the
 * matches (and, unless `moveCursor` is false, moves the job's cursor from `fromId` to `toId` with them).
 */
export async function matchBatch(
  env: RequestEnv,
  fromId: number,
  toId: number,
  options: { index?: AlertIndex<IndexedSearch>; moveCursor?: boolean } = {},
): Promise<{ activations: number; matches: number }> {
  const index = options.index ?? (await loadAlertIndex(env.DB));
  const activations = await activationsBetween(env.DB, fromId, toId);
  const matches: NewMatch[] = [];
  for (const activation of activations) {
    for (const search of matchingSearches(index, activation, activation.at)) {
      // One's own listing is no news to one.
      if (search.user_id === activation.owner_id) continue;
      matches.push({
        saved_search_id: search.id,
        listing_id: activation.listing_id,
        matched_at: activation.at,
        state: search.notify ? "pending" : "quiet",
      });
    }
  }
  await recordMatches(env.DB, matches, options.moveCursor === false ? null : { from: fromId, to: toId });
  return { activations: activations.length, matches: matches.length };
}

export interface MatchRun {
  batches: number;
  activations: number;
  matches: number;
  /** Activations left for the next run (the budget ran out). */
  left: number;
}

/** Step 1: matches what went public since the last run, batch by batch, until done or out of time. */
export async function matchNewListings(env: RequestEnv, deadline: number): Promise<MatchRun> {
  const run: MatchRun = { batches: 0, activations: 0, matches: 0, left: 0 };
  let from = await cursorOf(env.DB, "saved_search_alerts");
  const last = await lastActivationId(env.DB);
  if (from >= last) return run;
  const index = await loadAlertIndex(env.DB);
  while (from < last) {
    if (Date.now() >= deadline || run.batches >= MATCH_BATCHES_PER_RUN) {
      run.left = last - from;
      break;
    }
    const to = Math.min(from + ACTIVATION_BATCH, last);
    const done = await matchBatch(env, from, to, { index });
    run.batches++;
    run.activations += done.activations;
    run.matches += done.matches;
    from = to;
  }
  return run;
}

// ---------------------------------------------------------------------------------------------------
// What the e-mails show

/** A listing's cover picture as the site serves it, absolute: a photo's smallest variant, an illustration's PNG twin. */
function coverUrl(row: MailListingRow, origin: string): string | null {
  if (!row.image_json) return null;
  const image = JSON.parse(row.image_json) as ImageRow;
  const path =
    image.photo_key === null
      ? previewImage({ url: illustrationUrl(image.id), width: image.width, height: image.height }).url
      : photoVariants(image.photo_key, image.width, image.height)[0]!.url;
  return new URL(path, origin).href;
}

function alertListing(row: MailListingRow, locale: Locale, origin: string): AlertListing {
  return {
    id: row.id,
    title: shownTitle(row, locale).title ?? `${row.id}`,
    price: row.price,
    place: [row.district_name, row.city_name].filter(Boolean).join(", "),
    path: paths.detail(row.deal, row.property_type, row.city_slug, row.id),
    photo: coverUrl(row, origin),
  };
}

// ---------------------------------------------------------------------------------------------------
// Step 2: digests

interface DigestRun {
  sent: number;
  /** People whose matches turned quiet: no confirmed address, off the list, account deleted. */
  quiet: number;
  /** Claimed, but nothing to tell (every listing went back meanwhile) or the e-mail failed. */
  skipped: number;
}

/** The digest of one person's claimed matches, or null when none of the listings is public any more. */
async function writeDigest(
  env: RequestEnv,
  userId: number,
  claimed: { saved_search_id: number; listing_id: number; matched_at: number }[],
  context: MailContext,
  now: number,
  sign: UnsubscribeSigner,
) {
  const db = env.DB;
  const { locale, origin } = context;
  const listings = new Map(
    (await publicListingsForMail(db, [...new Set(claimed.map((m) => m.listing_id))], locale)).map((row) => [
      row.id,
      alertListing(row, locale, origin),
    ]),
  );
  const searches = (await savedSearchesByIds(db, [...new Set(claimed.map((m) => m.saved_search_id))])).sort(
    (a, b) => a.id - b.id,
  );
  // Each search's public listings, newest first.
  const bySearch = searches
    .map((search) => ({
      search,
      query: parseCanonicalQuery(search.query),
      listings: claimed
        .filter((m) => m.saved_search_id === search.id && listings.has(m.listing_id))
        .sort((a, b) => b.matched_at - a.matched_at || b.listing_id - a.listing_id)
        .map((m) => listings.get(m.listing_id)!),
    }))
    .filter((group) => group.query !== null && group.listings.length > 0);
  if (!bySearch.length) return null;

  // Each search named as the cabinet names it: the person's own name, else its filters in their language.
  const places = await placeNamesOf(
    db,
    bySearch.map((group) => group.query!),
    locale,
  );
  const intl = textCatalog(locale).intl;
  // At most ALERT_DIGEST_MAX_LISTINGS listings in all; one shown under two searches counts once.
  const shown = new Set<number>();
  const groups: DigestGroup[] = [];
  const several = bySearch.length > 1;
  for (const [i, { search, query, listings: found }] of bySearch.entries()) {
    const fits: AlertListing[] = [];
    for (const listing of found) {
      if (!shown.has(listing.id) && shown.size >= ALERT_DIGEST_MAX_LISTINGS) continue;
      shown.add(listing.id);
      fits.push(listing);
    }
    const stop = several
      ? (await unsubscribeParts(sign, origin, userId, { kind: "saved_search", id: search.id }, now)).unsubscribePath
      : null;
    groups.push({
      label: search.name ?? savedSearchLabel(query!, places[i]!, intl),
      searchPath: searchHref(savedSearchState(query!)),
      listings: fits,
      more: found.length - fits.length,
      stopPath: stop,
    });
  }
  const parts = await unsubscribeParts(
    sign,
    origin,
    userId,
    several ? { kind: "list", list: "saved_searches" } : { kind: "saved_search", id: bySearch[0]!.search.id },
    now,
  );
  return { letter: digestLetter({ groups, unsubscribePath: parts.unsubscribePath }, context), headers: parts.headers };
}

/** Step 2: one digest per due person (see the module's comment), at most DIGESTS_PER_RUN, until out of time. */
async function sendDigests(
  env: RequestEnv,
  now: number,
  deadline: number,
  sign: UnsubscribeSigner,
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, quiet: 0, skipped: 0 };
  const origin = siteOrigin(env);
  // Without an origin no link could be written: the matches wait (pending) for a run that has one.
  if (!origin) return run;
  await quietSearchesOff(env.DB);
  for (const person of await dueDigests(env.DB, now - ALERT_DAILY_INTERVAL_MS, DIGESTS_PER_RUN)) {
    if (Date.now() >= deadline) break;
    if (!person.email || person.email_verified_at === null || person.deleted_at !== null || !person.subscribed) {
      await quietPending(env.DB, person.user_id);
      run.quiet++;
      continue;
    }
    const claimed = await claimPending(env.DB, person.user_id);
    if (!claimed.length) continue;
    try {
      const context = { locale: mailLocale(person.locale), origin };
      const digest = await writeDigest(env, person.user_id, claimed, context, now, sign);
      if (!digest) {
        run.skipped++;
        continue;
      }
      await sendMail(
        env,
        { to: person.email, purpose: "saved_search_digest", ...digest.letter, headers: digest.headers },
        now,
      );
      await recordDigest(env.DB, person.user_id, now);
      run.sent++;
    } catch (error) {
      // One person's failed e-mail stops no other; the matches stay claimed (never two e-mails).
      console.error(`alert digest of user ${person.user_id} not sent:`, error);
      run.skipped++;
    }
  }
  return run;
}

// ---------------------------------------------------------------------------------------------------
// Step 3: price drops

interface PriceDropRun {
  batches: number;
  sent: number;
  skipped: number;
}

/** Step 3: the price drops since the last run, told to the people who keep those listings (see above). */
async function sendPriceDrops(
  env: RequestEnv,
  now: number,
  deadline: number,
  sign: UnsubscribeSigner,
): Promise<PriceDropRun> {
  const run: PriceDropRun = { batches: 0, sent: 0, skipped: 0 };
  const origin = siteOrigin(env);
  if (!origin) return run;
  const db = env.DB;
  const noticedBefore = now - PRICE_DROP_NOTICE_INTERVAL_MS;
  let from = await cursorOf(db, "price_drop_alerts");
  const last = await lastPriceDropId(db);
  let people = 0;
  while (from < last && Date.now() < deadline && people < PRICE_DROP_PEOPLE_PER_RUN) {
    const to = Math.min(from + PRICE_DROP_BATCH, last);
    const rows = await priceDropRecipients(db, from, to, noticedBefore);
    const byPerson = new Map<number, PriceDropRow[]>();
    for (const row of rows) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row]);
    // The batch's listings as each language shows them: one read per language, not per person.
    const shown = new Map<Locale, Promise<Map<number, AlertListing>>>();
    const listingsIn = (locale: Locale) => {
      let found = shown.get(locale);
      if (!found) {
        const ids = [...new Set(rows.map((row) => row.listing_id))];
        found = publicListingsForMail(db, ids, locale).then(
          (list) => new Map(list.map((row) => [row.id, alertListing(row, locale, origin)])),
        );
        shown.set(locale, found);
      }
      return found;
    };
    for (const [userId, drops] of byPerson) {
      people++;
      const { email, locale: stored } = drops[0]!;
      const claimed = new Set(
        await claimPriceDropNotices(
          db,
          userId,
          drops.map((d) => d.listing_id),
          now,
          noticedBefore,
        ),
      );
      if (!claimed.size) continue;
      try {
        const locale = mailLocale(stored);
        const found = await listingsIn(locale);
        const listings = drops
          .filter((d) => claimed.has(d.listing_id) && found.has(d.listing_id))
          .map((d) => ({ ...found.get(d.listing_id)!, price: d.new_price, oldPrice: d.old_price }));
        if (!listings.length) {
          run.skipped++;
          continue;
        }
        const parts = await unsubscribeParts(sign, origin, userId, { kind: "list", list: "price_drops" }, now);
        const letter = priceDropLetter({ listings, unsubscribePath: parts.unsubscribePath }, { locale, origin });
        await sendMail(env, { to: email, purpose: "price_drop", ...letter, headers: parts.headers }, now);
        run.sent++;
      } catch (error) {
        // One person's failed e-mail stops no other; the notices stay claimed (never two in a week).
        console.error(`price-drop notice of user ${userId} not sent:`, error);
        run.skipped++;
      }
    }
    await moveCursor(db, "price_drop_alerts", from, to).run();
    run.batches++;
    from = to;
  }
  return run;
}

export interface AlertRun {
  matching: MatchRun;
  digests: DigestRun;
  priceDrops: PriceDropRun;
}

/**
 * The three steps of a Cron Trigger's run, within ALERT_RUN_BUDGET_MS of wall time from its start; `sign`
 * makes the e-mails' unsubscribe tokens (`unsubscribeSigner(env)`).
 */
export async function runAlerts(
  env: RequestEnv,
  now: number,
  sign: UnsubscribeSigner,
  budgetMs = ALERT_RUN_BUDGET_MS,
): Promise<AlertRun> {
  const deadline = Date.now() + budgetMs;
  const matching = await matchNewListings(env, deadline);
  const digests = await sendDigests(env, now, deadline, sign);
  const priceDrops = await sendPriceDrops(env, now, deadline, sign);
  return { matching, digests, priceDrops };
}
