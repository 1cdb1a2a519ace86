/**
 * E-mail to people (architecture §4 adapters): codes and notices of sign-in, and what the site tells owners and
 * visitors — expiry reminders, moderation decisions, later messages and alerts. Development (and tests)
 * writes every e-mail to the dev outbox (`GET /api/dev/outbox?to=`); elsewhere the provider named by
 * `EMAIL_PROVIDER` (`resend` or `postmark`) is called over HTTP with the key in `EMAIL_API_KEY` (a wrangler
 * secret) from `EMAIL_FROM`, at the provider's own origin or `EMAIL_API_BASE` (a local stand-in of it in the
 * production-mode test). `fetch` is injected so the providers are tested with a mock.
 */
import { insertOutboxMessage } from "#worker/db/dev-outbox.ts";
import { type Config, config, type ConfigSource } from "#worker/config.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import type { Database } from "#worker/app-env.ts";

export interface Mail {
  to: string;
  subject: string;
  /** Plain text: every client shows it, nothing in it can run. */
  text: string;
  /**
   * An HTML alternative (alerts show listings' photos): every value in it escaped (`escapeHtml`), pictures
   * and links absolute. The text part stays complete on its own.
   */
  html?: string;
  /** What it is (`expiry_reminder`, `listing_rejected`, …): the outbox's `purpose`, and the logs'. */
  purpose: string;
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
  /** A one-time code the mail carries (the outbox lists it apart, for tests and developers). */
  code?: string;
}

/** Each provider's public API origin (EMAIL_API_BASE stands in for it). */
const PROVIDER_ORIGINS = { resend: "https://api.resend.com", postmark: "https://api.postmarkapp.com" };

const apiBase = (settings: Config, provider: keyof typeof PROVIDER_ORIGINS) =>
  (settings.EMAIL_API_BASE ?? PROVIDER_ORIGINS[provider]).replace(/\/+$/, "");

export class DeliveryError extends Error {}

type Fetch = typeof fetch;

async function expectOk(response: Response, provider: string): Promise<void> {
  if (!response.ok) throw new DeliveryError(`${provider} answered ${response.status}`);
}

export function required(value: string | undefined, name: string): string {
  if (!value) throw new DeliveryError(`${name} is not set`);
  return value;
}

/** Sends through the configured provider (never the outbox). */
export async function sendViaProvider(env: ConfigSource, mail: Mail, doFetch: Fetch): Promise<void> {
  const settings = config(env);
  const from = required(settings.EMAIL_FROM, "EMAIL_FROM");
  const headers = mail.headers ?? {};
  switch (settings.EMAIL_PROVIDER) {
    case "resend": {
      const response = await doFetch(`${apiBase(settings, "resend")}/emails`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${required(settings.EMAIL_API_KEY, "EMAIL_API_KEY")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(Object.keys(headers).length ? { headers } : {}),
        }),
      });
      return expectOk(response, "resend");
    }
    case "postmark": {
      const response = await doFetch(`${apiBase(settings, "postmark")}/email`, {
        method: "POST",
        headers: {
          "x-postmark-server-token": required(settings.EMAIL_API_KEY, "EMAIL_API_KEY"),
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({
          From: from,
          To: mail.to,
          Subject: mail.subject,
          TextBody: mail.text,
          ...(mail.html ? { HtmlBody: mail.html } : {}),
          MessageStream: "outbound",
          ...(Object.keys(headers).length
            ? { Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })) }
            : {}),
        }),
      });
      return expectOk(response, "postmark");
    }
    default:
      throw new DeliveryError("No e-mail provider configured (EMAIL_PROVIDER is not set)");
  }
}

/** Sends an e-mail: into the dev outbox in development, through the configured provider elsewhere. */
export async function sendMail(
  env: ConfigSource & { DB: Database },
  mail: Mail,
  now: number,
  doFetch: Fetch = (input, init) => fetch(input, init),
): Promise<void> {
  if (isDevelopment(env)) {
    await insertOutboxMessage(env.DB, {
      channel: "email",
      recipient: mail.to.toLowerCase(),
      purpose: mail.purpose,
      code: mail.code ?? "",
      body: mail.text,
      subject: mail.subject,
      headers: mail.headers,
      html: mail.html,
      now,
    });
    return;
  }
  await sendViaProvider(env, mail, doFetch);
}
