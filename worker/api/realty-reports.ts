/**
 * Reports of public listings (issue 19 item 5, decision 038): `POST /api/realty/{id}/report {reason, text}`
 * from guests and signed-in visitors alike. A listing that is not public answers 404 as a missing one does
 * (no oracle of hidden ids); its owner cannot report it (409 `own_listing`). The reporter is the account,
 * or for a guest a keyed hash of the address (an address is never stored); a reporter's repeat is answered
 * like a new report and not counted again. REPORT_HIDE_THRESHOLD independent reports saying the listing is
 * sold/rented or fake take it off the site at once, back to the moderation queue.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { HIDING_REPORT_REASONS, ReportBody } from "#shared/api/cabinet.ts";
import { IdParam } from "#shared/api/conventions.ts";
import { REPORT_HIDE_THRESHOLD, REPORTS_PER_IP_PER_HOUR, REPORTS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { authEnv } from "#worker/auth/auth-env.ts";
import { toHex } from "#worker/auth/secret-bytes.ts";
import { AuthConfigError, jwtSecret, reportAuthConfigError } from "#worker/auth/tokens.ts";
import { updateListing } from "#worker/db/listing-edits.ts";
import { insertReport, openReportCount, reportableListing } from "#worker/db/reports.ts";
import { apiError } from "#worker/http/api-error.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { perAddress, perUser, throttle } from "#worker/middleware/throttle.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });

/**
 * Who reports: `user:{id}` when signed in, else `ip:` and an HMAC of the address keyed with the token
 * secret, so the table cannot be turned back into addresses. Null when the secret is not usable here.
 */
async function reporterOf(c: Context<AppEnv>): Promise<string | null> {
  const user = c.get("user");
  if (user) return `user:${user.id}`;
  let secret: string;
  try {
    secret = jwtSecret(authEnv(c.env));
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    reportAuthConfigError(c.req.raw, error);
    return null;
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`listing-report:${clientIp(c.req.raw)}`));
  return `ip:${toHex(new Uint8Array(mac))}`;
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
    const reporter = await reporterOf(c);
    if (!reporter) return apiError(c, 503, "unavailable", "Reports cannot be taken now");
    const now = nowOf(c);
    const filed = await insertReport(db, {
      listingId: id,
      reporter,
      userId: c.get("user")?.id ?? null,
      reason,
      text: text || null,
      now,
    });
    if (filed && HIDING_REPORT_REASONS.includes(reason)) {
      const reports = await openReportCount(db, id, HIDING_REPORT_REASONS);
      if (reports >= REPORT_HIDE_THRESHOLD) {
        // Off every public page at once, until a moderator decides; the site itself is the actor.
        await updateListing(db, id, "active", { status: "pending", hidden_at: now, submitted_at: now }, now, {
          actorId: null,
          reason: "reported",
        });
      }
    }
    return c.json({ data: { reported: true as const } });
  },
);
