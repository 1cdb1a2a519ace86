import { Hono } from "hono";
import { UnsubscribeAllBody, UnsubscribeBody, UnsubscribeQuery, maskEmail } from "#shared/api/content.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { emailOfToken, subscriptionStates, unsubscribe as leave } from "#worker/db/subscriptions.ts";
import { apiError } from "#worker/http/api-error.ts";
import { valid } from "./validate.ts";

/** SPEC §7 "Unsubscribe": the token of an e-mail's link stands for the address; leaving is idempotent. */
export const unsubscribe = new Hono<AppEnv>()
  .get("/unsubscribe", valid("query", UnsubscribeQuery), async (c) => {
    const { token } = c.req.valid("query");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    return c.json({ data: { email: maskEmail(email), lists: await subscriptionStates(c.env.DB, email) } });
  })
  .post("/unsubscribe", valid("json", UnsubscribeBody), async (c) => {
    const { token, list } = c.req.valid("json");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    await leave(c.env.DB, email, list);
    return c.json({ data: { list, subscribed: false } });
  })
  .post("/unsubscribe/all", valid("json", UnsubscribeAllBody), async (c) => {
    const { token } = c.req.valid("json");
    const email = await emailOfToken(c.env.DB, token);
    if (!email) return apiError(c, 404, "not_found", "No such subscription");
    await leave(c.env.DB, email);
    return c.json({ data: { email: maskEmail(email), lists: await subscriptionStates(c.env.DB, email) } });
  });
