/**
 * The Worker's Cron Trigger handler (wrangler.toml `[triggers]`, every five minutes): the house-keeping that
 * runs on a schedule. Run it locally with `curl "http://localhost:8787/cdn-cgi/handler/scheduled"` under
 * `wrangler dev --test-scheduled`, and in tests by calling it (tests/integration/scheduled.test.ts).
 * - rate-limit counters whose window ended are dropped (worker/http/rate-limit.ts);
 * - listings whose run ended go to the archive, and owners are e-mailed EXPIRY_REMINDER_DAYS before with a
 *   signed link that renews the listing (decision 038);
 * - the recipients of messages left unread are e-mailed (worker/workflows/message-notices.ts, decision 039);
 * - promotion periods that ended are closed and their listings' placement ends cleared (decision 040,
 *   worker/db/promotions.ts) — house-keeping only: the reads compare the ends with now;
 * - e-mail alerts: new listings matched against saved searches, the digests that are due, and price drops of
 *   favourites (worker/workflows/alerts.ts, decision 041) — within a time budget, the rest next run.
 * - scheduled articles whose time has come become published (decision 059; the public reads show them from
 *   their time already, the media pages within the page cache's minute);
 * Each task is idempotent (claims, not times of day), so running more often than hourly changes nothing else.
 */
import { EXPIRY_REMINDER_DAYS } from "#shared/constants.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { toEdit } from "#worker/api/realty-edit.ts";
import { renewToken } from "#worker/auth/renew-link.ts";
import { unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { editRow } from "#worker/db/listing-edits.ts";
import { publishDueArticles } from "#worker/db/articles.ts";
import { archiveExpired, claimReminders, type ReminderRow } from "#worker/db/listing-expiry.ts";
import { closeEndedPromotions } from "#worker/db/promotions.ts";
import { pruneRateLimits } from "#worker/db/rate-limits.ts";
import { config } from "#worker/config.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { RATE_LIMIT_MAX_WINDOW_S } from "#worker/http/rate-limit.ts";
import { runAlerts } from "#worker/workflows/alerts.ts";
import { sendMessageNotices } from "#worker/workflows/message-notices.ts";
import { mailLocale, sendOwnerMail } from "#worker/workflows/owner-mail.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings one statement archives or claims: a run that finds more goes on in batches. */
const EXPIRY_BATCH = 200;

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  // A malformed variable stops the run before any work, its name in the log (worker/config.ts).
  config(env);
  const now = controller.scheduledTime;
  // Counters of windows that ended can no longer refuse anything (worker/http/rate-limit.ts).
  const pruned = await pruneRateLimits(env.DB, now - RATE_LIMIT_MAX_WINDOW_S * 1000);
  let expired = 0;
  for (;;) {
    const batch = (await archiveExpired(env.DB, now, EXPIRY_BATCH)).length;
    expired += batch;
    if (batch < EXPIRY_BATCH) break;
  }
  const sign = unsubscribeSigner(env);
  const reminders = await remindOwners(env, now);
  const notices = await sendMessageNotices(env, now, sign);
  const promotions = await closeEndedPromotions(env.DB, now);
  const articles = (await publishDueArticles(env.DB, now)).length;
  const alerts = await runAlerts(env, now, sign);
  const { matching, digests, priceDrops } = alerts;
  console.log(
    `scheduled ${controller.cron}: ${pruned} expired rate-limit counters removed, ${expired} listings expired, ` +
      `${reminders.sent} expiry reminders sent (${reminders.skipped} owners without a confirmed e-mail or off the list), ` +
      `${notices.sent} message notices sent (${notices.skipped} skipped), ${promotions} promotion periods ended, ` +
      `${articles} scheduled articles published, ` +
      `${matching.activations} new listings matched in ${matching.batches} batches (${matching.matches} matches, ` +
      `${matching.left} left for the next run), ${digests.sent} alert digests sent (${digests.quiet} people quiet, ` +
      `${digests.skipped} skipped), ${priceDrops.sent} price-drop e-mails sent (${priceDrops.skipped} skipped)`,
  );
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
