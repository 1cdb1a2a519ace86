/**
 * The Worker's Cron Trigger handler (wrangler.toml `[triggers]`, every five minutes): the house-keeping that
 * runs on a schedule. Run it locally with `curl "http://localhost:8787/cdn-cgi/handler/scheduled"` under
 * `wrangler dev --test-scheduled`, and in tests by calling it (tests/integration/scheduled.test.ts).
 * - listings whose run ended go to the archive, and owners are e-mailed EXPIRY_REMINDER_DAYS before with a
 *   signed link that renews the listing (decision 038);
 * - availability (decision 084): listings left unconfirmed for CONFIRM_HIDE_CYCLES cycles leave search, and
 *   owners whose listings' last confirmation is a cycle old are asked, one e-mail per owner per run with signed
 *   one-click answers (worker/auth/confirm-link.ts) — at most CONFIRM_BATCHES batches a run, the rest next run;
 * - the recipients of messages left unread are e-mailed (worker/workflows/message-notices.ts, decision 039);
 * - promotion periods that ended are closed and their listings' placement ends cleared (decision 040,
 *   worker/db/promotions.ts) — house-keeping only: the reads compare the ends with now;
 * - e-mail alerts: new listings matched against saved searches, the digests that are due, and price drops of
 *   favourites (worker/workflows/alerts.ts, decision 041) — within a time budget, the rest next run.
 * - scheduled articles whose time has come become published (decision 059; the public reads show them from
 *   their time already, the media pages within the page cache's minute);
 * - agencies' feeds due for a check (every FEED_CHECK_INTERVAL_H hours) are claimed and queued on FEEDS, one
 *   message per feed (decision 100); FEEDS_ENQUEUED_PER_RUN a run, the rest at the next;
 * Each task is idempotent (claims, not times of day), so running more often than hourly changes nothing else.
 */
import { EXPIRY_REMINDER_DAYS, FEEDS_ENQUEUED_PER_RUN } from "#shared/constants.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { toEdit } from "#worker/api/realty-edit.ts";
import { renewToken } from "#worker/auth/renew-link.ts";
import { confirmToken } from "#worker/auth/confirm-link.ts";
import { claimConfirmAsks, type ConfirmAskRow, hideUnconfirmed } from "#worker/db/listing-availability.ts";
import { unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { editRow } from "#worker/db/listing-edits.ts";
import { publishDueArticles } from "#worker/db/articles.ts";
import { claimDueFeeds, unclaimFeed } from "#worker/db/agency-feeds.ts";
import { enqueueFeedChecks } from "#worker/workflows/feed-queue.ts";
import { archiveExpired, claimReminders, type ReminderRow } from "#worker/db/listing-expiry.ts";
import { closeEndedPromotions } from "#worker/db/promotions.ts";
import { config } from "#worker/config.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { runAlerts } from "#worker/workflows/alerts.ts";
import { regroupPending } from "#worker/workflows/property-groups.ts";
import { sendMessageNotices } from "#worker/workflows/message-notices.ts";
import { mailLocale, sendOwnerMail } from "#worker/workflows/owner-mail.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings one statement archives or claims: a run that finds more goes on in batches. */
const EXPIRY_BATCH = 200;
/** Batches of EXPIRY_BATCH listings the availability question takes per run: the rest waits five minutes. */
const CONFIRM_BATCHES = 5;

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  // A malformed variable stops the run before any work, its name in the log (worker/config.ts).
  config(env);
  const now = controller.scheduledTime;
  let expired = 0;
  for (;;) {
    const batch = (await archiveExpired(env.DB, now, EXPIRY_BATCH)).length;
    expired += batch;
    if (batch < EXPIRY_BATCH) break;
  }
  const sign = unsubscribeSigner(env);
  const reminders = await remindOwners(env, now);
  const availability = await askAvailability(env, now);
  const notices = await sendMessageNotices(env, now, sign);
  const promotions = await closeEndedPromotions(env.DB, now);
  const articles = (await publishDueArticles(env.DB, now)).length;
  // Expiry and hiding leave groups (decision 090); anything a failed request left queued is done here.
  const regrouped = await regroupPending(env.DB, 20);
  const alerts = await runAlerts(env, now, sign);
  const { matching, digests, priceDrops } = alerts;
  const feeds = await queueDueFeeds(env, now);
  console.log(
    `scheduled ${controller.cron}: ${expired} listings expired, ` +
      `${reminders.sent} expiry reminders sent (${reminders.skipped} owners without a confirmed e-mail or off the list), ` +
      `${availability.hidden} listings hidden for want of a confirmation, ${availability.asked} listings asked about ` +
      `in ${availability.sent} availability e-mails (${availability.skipped} owners skipped), ` +
      `${notices.sent} message notices sent (${notices.skipped} skipped), ${promotions} promotion periods ended, ` +
      `${articles} scheduled articles published, ${regrouped} listings regrouped, ` +
      `${matching.activations} new listings matched in ${matching.batches} batches (${matching.matches} matches, ` +
      `${matching.left} left for the next run), ${digests.sent} alert digests sent (${digests.quiet} people quiet, ` +
      `${digests.skipped} skipped), ${priceDrops.sent} price-drop e-mails sent (${priceDrops.skipped} skipped), ` +
      `${feeds} agency feeds queued for a check`,
  );
}

/** Claims the feeds due and queues their checks; when the queue refuses, they stay due for the next run. */
async function queueDueFeeds(env: Env, now: number): Promise<number> {
  const due = await claimDueFeeds(env.DB, now, FEEDS_ENQUEUED_PER_RUN);
  try {
    await enqueueFeedChecks(env, due);
  } catch (error) {
    console.error(`${due.length} feed checks not queued:`, error);
    for (const id of due) await unclaimFeed(env.DB, id, now);
    return 0;
  }
  return due.length;
}

/**
 * The availability question (decision 084): first hides the listings unanswered for CONFIRM_HIDE_CYCLES cycles
 * (asking once more), then claims those due for a question; each owner gets one e-mail naming all of theirs
 * claimed in this run, each listing with links signed for its question. Claims come first, so a failed
 * e-mail is never sent twice; its owner still sees the cabinet's banner.
 */
async function askAvailability(env: Env, now: number) {
  const claimed: ConfirmAskRow[] = [];
  let hidden = 0;
  for (let batch = 0; batch < CONFIRM_BATCHES; batch++) {
    const rows = await hideUnconfirmed(env.DB, now, EXPIRY_BATCH);
    hidden += rows.length;
    claimed.push(...rows);
    if (rows.length < EXPIRY_BATCH) break;
  }
  for (let batch = 0; batch < CONFIRM_BATCHES; batch++) {
    const rows = await claimConfirmAsks(env.DB, now, EXPIRY_BATCH);
    claimed.push(...rows);
    if (rows.length < EXPIRY_BATCH) break;
  }
  const byOwner = new Map<number, ConfirmAskRow[]>();
  for (const row of claimed) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row]);
  const origin = siteOrigin(env);
  let sent = 0;
  let skipped = 0;
  for (const rows of byOwner.values()) {
    const owner = rows[0]!;
    if (!owner.email || owner.email_verified_at === null || !origin) {
      skipped++;
      continue;
    }
    try {
      const locale = mailLocale(owner.locale);
      const items = [];
      for (const row of rows) {
        const listing = await editRow(env.DB, row.id, null);
        const token = await confirmToken(env, row.id, row.confirm_asked_at);
        items.push({
          listing: { id: row.id, title: listing ? toEdit(listing, locale).title : null },
          deal: row.deal,
          hidden: row.unconfirmed_at !== null,
          path: `${privatePaths.listing.availability(row.id)}?token=${encodeURIComponent(token)}`,
        });
      }
      const result = await sendOwnerMail(
        env,
        unsubscribeSigner(env),
        { userId: owner.owner_id, email: owner.email },
        "availability_question",
        { items },
        { locale, origin },
        now,
      );
      if (result === "sent") sent++;
      else skipped++;
    } catch (error) {
      console.error(`availability question to owner ${owner.owner_id} not sent:`, error);
    }
  }
  return { hidden, asked: claimed.length, sent, skipped };
}

/** E-mails the owners whose listings run out within the reminder's days, once per run of each listing. */
async function remindOwners(env: Env, now: number) {
  const origin = siteOrigin(env);
  let sent = 0;
  let skipped = 0;
  for (;;) {
    const rows: ReminderRow[] = await claimReminders(env.DB, now, now + EXPIRY_REMINDER_DAYS * DAY_MS, EXPIRY_BATCH);
    for (const row of rows) {
      // Owners without a confirmed address (or who left the list) see the date on their cabinet's card.
      if (!row.email || row.email_verified_at === null || !origin) {
        skipped++;
        continue;
      }
      try {
        const locale = mailLocale(row.locale);
        const listing = await editRow(env.DB, row.id, null);
        const token = await renewToken(env, row.id, row.expires_at);
        const result = await sendOwnerMail(
          env,
          unsubscribeSigner(env),
          { userId: row.owner_id, email: row.email },
          "expiry_reminder",
          {
            listing: { id: row.id, title: listing ? toEdit(listing, locale).title : null },
            expiresAt: row.expires_at,
            renewPath: `${privatePaths.listing.renew(row.id)}?token=${encodeURIComponent(token)}`,
          },
          { locale, origin },
          now,
        );
        if (result === "sent") sent++;
        else skipped++;
      } catch (error) {
        // One owner's failed e-mail stops no other; the listing stays claimed (never two reminders).
        console.error(`expiry reminder of listing ${row.id} not sent:`, error);
      }
    }
    if (rows.length < EXPIRY_BATCH) return { sent, skipped };
  }
}
