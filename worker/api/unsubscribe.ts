import { Hono } from "hono";
import {
  UnsubscribeAllBody,
  UnsubscribeBody,
  UnsubscribeOneClickQuery,
  UnsubscribeQuery,
  maskEmail,
} from "#shared/api/content.ts";
import { UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { emailOfToken, subscriptionStates, unsubscribe as leave } from "#worker/db/subscriptions.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { perAddress, throttle } from "#worker/middleware/throttle.ts";
import { valid } from "./validate.ts";

/** Leaving is an anonymous write: throttled per address. */
const unsubscribeThrottle = throttle((c) => [perAddress(c, "unsubscribe", UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR, 3600)]);

/**
 * SPEC §7 "Unsubscribe": the token of an e-mail's link stands for the address; leaving is idempotent.
 * `POST /unsubscribe/one-click?token=&list=` is RFC 8058's: a mail client posts `List-Unsubscribe=One-Click`
 * (form-encoded) to the e-mail's `List-Unsubscribe` address, without our headers and perhaps with cookies
 * (the CSRF check lets exactly this path through: the token is its only authority), and the list named in
 * the address is left at once. The body is not read: the POST is what keeps link scanners from unsubscribing.
 * It is not throttled per address as the others are: a mail provider posts its users' one-clicks from a few
 * addresses of its own, and a token cannot be guessed (newUnsubscribeToken).
 */
export const unsubscribe = new Hono<AppEnv>()
  .get("/unsubscribe", valid("query", UnsubscribeQuery), async (c) => {
    const { token } = c.req.valid("query");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    return c.json({ data: { email: maskEmail(email), lists: await subscriptionStates(c.env.DB, email) } });
  })
  .post("/unsubscribe", valid("json", UnsubscribeBody), unsubscribeThrottle, async (c) => {
    const { token, list } = c.req.valid("json");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    await leave(c.env.DB, email, list);
    return c.json({ data: { list, subscribed: false } });
  })
  .post("/unsubscribe/one-click", valid("query", UnsubscribeOneClickQuery), async (c) => {
    const { token, list } = c.req.valid("query");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    await leave(c.env.DB, email, list, nowOf(c));
    return c.json({ data: { list, subscribed: false } });
  })
  .post("/unsubscribe/all", valid("json", UnsubscribeAllBody), unsubscribeThrottle, async (c) => {
    const { token } = c.req.valid("json");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    await leave(c.env.DB, email);
    return c.json({ data: { email: maskEmail(email), lists: await subscriptionStates(c.env.DB, email) } });
  });
