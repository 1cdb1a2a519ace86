/**
 * `GET /api/dev/outbox?to=` (decision 006): the messages the development sender "sent" to one
 * recipient, newest first — how tests and developers read a code without an SMS gateway. It exists only
 * where development knobs apply (`debugAllowed`: `ENVIRONMENT=development` and a loopback address,
 * decision 026); elsewhere it is a 404. `to` is required: the outbox is never listed whole.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { AccountPhone, OutboxQuery, type OutboxItem } from "#shared/api/auth.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { recentOutbox } from "#worker/db/dev-outbox.ts";
import { apiError } from "#worker/http/api-error.ts";
import { debugAllowed } from "#worker/http/environment.ts";
import { valid } from "./validate.ts";

export const devOutbox = new Hono<AppEnv>();

/** `to` as the sender stored it: e-mails lower-case, phones in E.164. */
function normalizeRecipient(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes("@")) return trimmed.toLowerCase();
  const phone = v.safeParse(AccountPhone, trimmed);
  return phone.success ? phone.output : trimmed;
}

devOutbox.get("/dev/outbox", async (c, next) => {
  if (!debugAllowed(c.env, c.req.raw)) return apiError(c, 404, "not_found", "No such endpoint");
  await next();
});

devOutbox.get("/dev/outbox", valid("query", OutboxQuery), async (c) => {
  const rows = await recentOutbox(c.env.DB, normalizeRecipient(c.req.valid("query").to));
  const items: OutboxItem[] = rows.map((row) => ({
    to: row.recipient,
    purpose: row.purpose,
    code: row.code,
    body: row.body,
    subject: row.subject,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
    html: row.html,
    created_at: new Date(row.created_at).toISOString(),
  }));
  c.header("Cache-Control", "no-store");
  return c.json({ items });
});
