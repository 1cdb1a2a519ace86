/**
 * Contact with a listing's owner (product §7): `GET /api/cabinet/realties/promotion` (what paid features
 * cost: the phone reveal and the promotion packages), `POST /api/realty/{id}/reveal-phone-number` and
 * `POST /api/realty/{id}/send-message`, and `GET /api/realty/{id}/revealed-phone-number`. Signed-in only.
 *
 * The reveal answers the number when it is free to see — one's own listing, or one paid for before
 * (`phone_reveals`) — and otherwise 402 `payment_required` naming the product: it is paid through a
 * `phone_reveal` intent (worker/api/cabinet-payment.ts), whose success writes the reveal, and the next call
 * answers the number (decision 040). Nothing is charged here. Each number shown to someone other than the
 * owner counts in the listing's statistics, once a day per account.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import { type RevealedPhoneResponse, SendMessageBody } from "#shared/api/contact.ts";
import { PHONE_REVEAL_REPEAT_WINDOW_S } from "#shared/constants.ts";
import { CURRENCY } from "#shared/products.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { activeListingContact, revealOf } from "#worker/db/contacts.ts";
import { priceOf, type PriceRow } from "#worker/db/prices.ts";
import { queueListingEvent } from "#worker/http/listing-events.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError, shownErrorText } from "#worker/http/server-error.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { PaymentsUnavailable, requireProvider } from "#worker/adapters/payments/index.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { writeMessage } from "./cabinet-messages.ts";
import { promotionPackages } from "./cabinet-payment.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });
const price = (row: Pick<PriceRow, "amount_cents" | "currency">) => ({
  amount: row.amount_cents / 100,
  currency: row.currency,
});

export const realtyContact = new Hono<AppEnv>();
for (const path of [
  "/cabinet/realties/promotion",
  "/realty/:id/reveal-phone-number",
  "/realty/:id/revealed-phone-number",
  "/realty/:id/send-message",
]) {
  realtyContact.use(path, requireAuth, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

realtyContact
  .get("/cabinet/realties/promotion", async (c) => {
    // Together: one round trip's wait, not two (decision 091).
    const [reveal, promotions] = await Promise.all([priceOf(c.env.DB, "phone_reveal"), promotionPackages(c.env.DB)]);
    return c.json({ data: { phone_reveal: price(reveal), promotions } });
  })
  // The number if this person may see it already (their own listing, or paid for): read only, for the
  // listing page's first render — no payment asked, nothing counted (the reveal's POST does both).
  .get("/realty/:id/revealed-phone-number", valid("param", IdParams), async (c) => {
    const listingId = c.req.valid("param").id;
    const user = c.get("user")!;
    // Both at once (decision 091): the reveal is read even when the listing turns out to be one's own.
    const [listing, paid] = await Promise.all([
      activeListingContact(c.env.DB, listingId),
      revealOf(c.env.DB, user.id, listingId),
    ]);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    const own = listing.owner_id === user.id;
    const reveal = own ? null : paid;
    const data = own || reveal ? { phone: listing.phone, payment_id: reveal?.intent_id ?? null } : null;
    return c.json({ data } satisfies RevealedPhoneResponse);
  })
  .post("/realty/:id/reveal-phone-number", valid("param", IdParams), async (c) => {
    const listingId = c.req.valid("param").id;
    const user = c.get("user")!;
    const now = nowOf(c);
    const listing = await activeListingContact(c.env.DB, listingId);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    const own = listing.owner_id === user.id;
    const reveal = own ? null : await revealOf(c.env.DB, user.id, listingId);
    if (!own && !reveal) {
      try {
        requireProvider(c.env, `phone reveal of listing ${listingId}`);
      } catch (error) {
        if (!(error instanceof PaymentsUnavailable)) throw error;
        logServerError(c, error);
        return apiError(c, 503, "payments_unavailable", shownErrorText(c.env, error, "Payments are not available"));
      }
      return c.json(
        {
          error: {
            code: "payment_required",
            message: "Revealing this number is paid: pay for the phone_reveal product first",
            product: "phone_reveal",
            ...price(await priceOf(c.env.DB, "phone_reveal")),
          },
        },
        402,
      );
    }
    // A number shown to an account (signed in, paid once) is a person's interest, counted once a UTC day per
    // account and listing; the owner's own look is not.
    if (!own) {
      const rule = { key: `stat:phone:${listingId}:user:${user.id}`, limit: 1, windowS: PHONE_REVEAL_REPEAT_WINDOW_S };
      if ((await hit(c.env.RATE_LIMITS, rule, now)).allowed) await queueListingEvent(c.env, listingId, "phone", now);
    }
    return c.json({
      data: {
        phone: listing.phone,
        charged: price({ amount_cents: 0, currency: CURRENCY }),
        payment_id: reveal?.intent_id ?? null,
      },
    });
  })
  .post("/realty/:id/send-message", valid("param", IdParams), valid("json", SendMessageBody), async (c) => {
    // A first message (or the next one) to the listing's owner: `create` with the listing (cabinet-messages.ts).
    const written = await writeMessage(c, { listingId: c.req.valid("param").id }, c.req.valid("json").text);
    if (written instanceof Response) return written;
    return c.json({ data: { id: written.id, created_at: new Date(written.created_at).toISOString() } }, 201);
  });
