/**
 * Reports of public listings (decisions 038 and 047): `POST /api/realty/{id}/report
 * {reason, text}` from guests and signed-in visitors alike. A listing that is not public answers 404 as a
 * missing one does (no oracle of hidden ids); its owner cannot report it (409 `own_listing`). The reporter
 * is the account, or for a guest a keyed hash of the network (an address is never stored); a reporter's
 * repeat is answered like a new report and not counted again. Every report is shown to moderators; only
 * REPORT_HIDE_THRESHOLD independent, established reporters saying the listing is sold/rented or fake take it
 * off the site by themselves — to the front of the moderation queue, with an e-mail to its owner.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { HIDING_REPORT_REASONS, ReportBody, type ReportReason } from "#shared/api/cabinet.ts";
import { IdParam } from "#shared/api/conventions.ts";
import {
  REPORT_HIDE_THRESHOLD,
  REPORTER_MAX_OVERRULED,
  REPORTER_MIN_ACCOUNT_DAYS,
  REPORTS_PER_IP_PER_HOUR,
  REPORTS_PER_USER_PER_HOUR,
} from "#shared/constants.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { networkKey } from "#worker/auth/network-key.ts";
import { unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { editRow, updateListing } from "#worker/db/listing-edits.ts";
import { countedReports, insertReport, reportableListing } from "#worker/db/reports.ts";
import { findUserById } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError } from "#worker/http/server-error.ts";
import { perAddress, perUser, throttle } from "#worker/middleware/throttle.ts";
import { independentReporters } from "#worker/workflows/independent-reporters.ts";
import { mailLocale, sendOwnerMail } from "#worker/workflows/owner-mail.ts";
import { toEdit } from "./realty-edit.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the listing's open reports now take it off the site: REPORT_HIDE_THRESHOLD independent reporters
 * among those that count, and the reasons they gave (for the owner's e-mail).
 */
async function hidingReasons(db: Database, id: number): Promise<ReportReason[] | null> {
  const counted = await countedReports(
    db,
    id,
    HIDING_REPORT_REASONS,
    REPORTER_MIN_ACCOUNT_DAYS * DAY_MS,
    REPORTER_MAX_OVERRULED,
  );
  const independent = independentReporters(
    counted.map((report) => report.networks),
    REPORT_HIDE_THRESHOLD,
  );
  if (independent < REPORT_HIDE_THRESHOLD) return null;
  return HIDING_REPORT_REASONS.filter((reason) => counted.some((report) => report.reason === reason));
}

/**
 * Tells the owner, in their language, that their listing was taken off the site for review and why, when
 * they have a confirmed e-mail address and have not left the list; a provider's failure is logged, not answered.
 */
async function notifyOwner(c: Context<AppEnv>, id: number, reasons: ReportReason[]) {
  try {
    const row = await editRow(c.env.DB, id, null);
    const owner = row && (await findUserById(c.env.DB, row.owner_id));
    if (!row || !owner?.email || owner.email_verified_at === null) return;
    const locale = mailLocale(owner.locale);
    await sendOwnerMail(
      c.env,
      unsubscribeSigner(c.env),
      { userId: owner.id, email: owner.email },
      "listing_hidden",
      { listing: { id, title: toEdit(row, locale).title }, reasons },
      { locale, origin: new URL(c.req.url).origin },
      nowOf(c),
    );
  } catch (error) {
    logServerError(c, error);
  }
}

export const realtyReports = new Hono<AppEnv>();

realtyReports.post(
  "/realty/:id/report",
  valid("param", IdParams),
  throttle((c) => [
    perAddress(c, "reports", REPORTS_PER_IP_PER_HOUR, 3600),
    ...(c.get("user") ? [perUser(c, "reports", REPORTS_PER_USER_PER_HOUR, 3600)] : []),
  ]),
  valid("json", ReportBody),
  async (c) => {
    c.header("Cache-Control", "private, no-store");
    const db = c.env.DB;
    const { id } = c.req.valid("param");
    const { reason, text } = c.req.valid("json");
    const listing = await reportableListing(db, id);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    if (listing.owner_id === c.get("user")?.id) {
      return apiError(c, 409, "own_listing", "You cannot report your own listing");
    }
    const network = await networkKey(c.env, c.req.raw);
    if (!network) return apiError(c, 503, "unavailable", "Reports cannot be taken now");
    const user = c.get("user");
    const now = nowOf(c);
    const filed = await insertReport(db, {
      listingId: id,
      reporter: user ? `user:${user.id}` : `ip:${network}`,
      userId: user?.id ?? null,
      reason,
      text: text || null,
      network,
      now,
    });
    // A guest's report is for moderators to read: it never tips a listing off the site.
    const reasons = filed && user && HIDING_REPORT_REASONS.includes(reason) ? await hidingReasons(db, id) : null;
    if (reasons) {
      // Off every public page at once, until a moderator decides; the site itself is the actor.
      const hidden = await updateListing(
        db,
        id,
        "active",
        { status: "pending", hidden_at: now, submitted_at: now },
        now,
        {
          actorId: null,
          reason: "reported",
        },
      );
      if (hidden) await notifyOwner(c, id, reasons);
    }
    return c.json({ data: { reported: true as const } });
  },
);
