/**
 * Contact with a listing's owner (SPEC §7): `GET /api/cabinet/realties/promotion` (the phone reveal
 * price), `POST /api/realty/{id}/reveal-phone-number` (paid once per visitor and listing; free for
 * the owner and for a number revealed before; each reveal counts in the listing's statistics, once a day
 * per account) and `POST /api/realty/{id}/send-message`. Signed-in only.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import { SendMessageBody } from "#shared/api/contact.ts";
import {
  PAYMENT_CURRENCY,
  PHONE_REVEAL_PRICE_CENTS,
  PHONE_REVEAL_REPEAT_WINDOW_S,
  PHONE_REVEALS_PER_HOUR,
} from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { activeListingContact, hasRevealed, recordPaidReveal } from "#worker/db/contacts.ts";
import { countListingEvent } from "#worker/db/statistics.ts";
import { apiError } from "#worker/http/api-error.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError, shownErrorText } from "#worker/http/server-error.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { charge, PaymentsUnavailable } from "#worker/services/payments.ts";
import { hit } from "#worker/services/rate-limit.ts";
import { writeMessage } from "./cabinet-messages.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });
const price = (cents: number) => ({ amount: cents / 100, currency: PAYMENT_CURRENCY });

export const realtyContact = new Hono<AppEnv>();
for (const path of ["/cabinet/realties/promotion", "/realty/:id/reveal-phone-number", "/realty/:id/send-message"]) {
  realtyContact.use(path, requireAuth, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

realtyContact
  .get("/cabinet/realties/promotion", (c) => c.json({ data: { phone_reveal: price(PHONE_REVEAL_PRICE_CENTS) } }))
  .post("/realty/:id/reveal-phone-number", valid("param", IdParams), async (c) => {
    const listingId = c.req.valid("param").id;
    const user = c.get("user")!;
    const now = nowOf(c);
    const listing = await activeListingContact(c.env.DB, listingId);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    let paymentId: string | null = null;
    const free = listing.owner_id === user.id || (await hasRevealed(c.env.DB, user.id, listingId));
    if (!free) {
      // Counted before the charge, in the same step as the check (worker/services/rate-limit.ts).
      const verdict = await hit(
        c.env.DB,
        { key: `reveal:user:${user.id}`, limit: PHONE_REVEALS_PER_HOUR, windowS: 3600 },
        now,
      );
      if (!verdict.allowed) return rateLimited(c, verdict);
      try {
        const paid = await charge(c.env, {
          userId: user.id,
          amountCents: PHONE_REVEAL_PRICE_CENTS,
          currency: PAYMENT_CURRENCY,
          description: `phone reveal of listing ${listingId}`,
        });
        paymentId = paid.id;
        await recordPaidReveal(c.env.DB, {
          userId: user.id,
          listingId,
          paymentId: paid.id,
          provider: paid.provider,
          amountCents: PHONE_REVEAL_PRICE_CENTS,
          currency: PAYMENT_CURRENCY,
          now,
        });
      } catch (error) {
        if (!(error instanceof PaymentsUnavailable)) throw error;
        logServerError(c, error);
        return apiError(c, 503, "payments_unavailable", shownErrorText(c.env, error, "Payments are not available"));
      }
    }
    // A number shown to an account (signed in, paid once) is a person's interest, counted once a UTC day per
    // account and listing; the owner's own look is not.
    if (listing.owner_id !== user.id) {
      const rule = { key: `stat:phone:${listingId}:user:${user.id}`, limit: 1, windowS: PHONE_REVEAL_REPEAT_WINDOW_S };
      if ((await hit(c.env.DB, rule, now)).allowed) await countListingEvent(c.env.DB, listingId, "phone", now);
    }
    return c.json({
      data: { phone: listing.phone, charged: price(free ? 0 : PHONE_REVEAL_PRICE_CENTS), payment_id: paymentId },
    });
  })
  .post("/realty/:id/send-message", valid("param", IdParams), valid("json", SendMessageBody), async (c) => {
    // A first message (or the next one) to the listing's owner: `create` with the listing (cabinet-messages.ts).
    const written = await writeMessage(c, { listingId: c.req.valid("param").id }, c.req.valid("json").text);
    if (written instanceof Response) return written;
    return c.json({ data: { id: written.id, created_at: new Date(written.created_at).toISOString() } }, 201);
  });
