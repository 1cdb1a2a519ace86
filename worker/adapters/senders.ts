/**
 * Delivery of one-time codes (architecture §4 adapters, decision 006). Development (and tests) write to the
 * dev outbox table, readable at `GET /api/dev/outbox`. Elsewhere the provider named by `SMS_PROVIDER`
 * (`infobip` or `twilio`) and `EMAIL_PROVIDER` (`resend` or `postmark`) is called over HTTP; their keys
 * are wrangler secrets (see wrangler.toml). `fetch` is injected so the providers are tested with a mock.
 */
import { config, type ConfigSource } from "#worker/config.ts";
import { insertOutboxMessage } from "#worker/db/dev-outbox.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { DeliveryError, required, sendMail, sendViaProvider } from "#worker/adapters/mailer.ts";
import type { Database } from "#worker/app-env.ts";

type Channel = "sms" | "email";

/**
 * What a message tells its recipient: a code, or — instead of an answer that would tell the requester
 * whether an account exists (decision 026) — a notice that there is no account with this phone or e-mail
 * (someone asked to sign in or recover), or that there already is one (someone asked to register it or to
 * make it their new contact).
 */
export type MessageKind = "code" | "no_account" | "account_exists";

export interface CodeMessage {
  channel: Channel;
  /** E.164 phone or e-mail address. */
  to: string;
  purpose: string;
  /** The code; "" for a notice. */
  code: string;
  locale: string;
  kind?: MessageKind;
}

export { DeliveryError };

type Fetch = typeof fetch;

interface Texts {
  code: (code: string) => string;
  subject: string;
  /** "phone number" / "e-mail address" as the notices say it. */
  what: Record<Channel, string>;
  noAccount: (what: string) => string;
  accountExists: (what: string) => string;
}

const TEXTS: Record<string, Texts> = {
  en: {
    code: (code) => `Your Kvadrat code: ${code}. It is valid for 10 minutes.`,
    subject: "Your Kvadrat code",
    what: { sms: "phone number", email: "e-mail address" },
    noAccount: (what) =>
      `Someone asked for a Kvadrat code for this ${what}, but there is no account with it. You can register one on Kvadrat. If it was not you, ignore this message.`,
    accountExists: (what) =>
      `Someone asked to register this ${what} on Kvadrat, but you already have an account with it. Sign in, or recover your password if you forgot it. If it was not you, ignore this message.`,
  },
  ru: {
    code: (code) => `Ваш код Kvadrat: ${code}. Действует 10 минут.`,
    subject: "Ваш код Kvadrat",
    what: { sms: "номера телефона", email: "адреса электронной почты" },
    noAccount: (what) =>
      `Кто-то запросил код Kvadrat для этого ${what}, но аккаунта с ним нет. Вы можете зарегистрироваться на Kvadrat. Если это были не вы, не обращайте внимания на это сообщение.`,
    accountExists: (what) =>
      `Кто-то хотел зарегистрировать на Kvadrat аккаунт для этого ${what}, но у вас уже есть аккаунт с ним. Войдите или восстановите пароль, если забыли его. Если это были не вы, не обращайте внимания на это сообщение.`,
  },
  sr: {
    code: (code) => `Vaš Kvadrat kod: ${code}. Važi 10 minuta.`,
    subject: "Vaš Kvadrat kod",
    what: { sms: "ovaj broj telefona", email: "ovu adresu e-pošte" },
    noAccount: (what) =>
      `Neko je zatražio Kvadrat kod za ${what}, ali nalog sa tim podacima ne postoji. Možete se registrovati na Kvadratu. Ako to niste bili vi, zanemarite ovu poruku.`,
    accountExists: (what) =>
      `Neko je pokušao da registruje ${what} na Kvadratu, ali vi već imate nalog sa tim podacima. Prijavite se ili obnovite lozinku ako ste je zaboravili. Ako to niste bili vi, zanemarite ovu poruku.`,
  },
};

function messageText(message: CodeMessage): { subject: string; body: string } {
  const texts = TEXTS[message.locale] ?? TEXTS.en!;
  const what = texts.what[message.channel];
  switch (message.kind ?? "code") {
    case "no_account":
      return { subject: "Kvadrat", body: texts.noAccount(what) };
    case "account_exists":
      return { subject: "Kvadrat", body: texts.accountExists(what) };
    default:
      return { subject: texts.subject, body: texts.code(message.code) };
  }
}

async function expectOk(response: Response, provider: string): Promise<void> {
  if (!response.ok) throw new DeliveryError(`${provider} answered ${response.status}`);
}

export async function sendSms(env: ConfigSource, message: CodeMessage, doFetch: Fetch): Promise<void> {
  const { body } = messageText(message);
  const settings = config(env);
  switch (settings.SMS_PROVIDER) {
    case "infobip": {
      const base = required(settings.SMS_API_BASE_URL, "SMS_API_BASE_URL").replace(/\/+$/, "");
      const response = await doFetch(`${base}/sms/2/text/advanced`, {
        method: "POST",
        headers: {
          authorization: `App ${required(settings.SMS_API_KEY, "SMS_API_KEY")}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({
          messages: [
            {
              from: settings.SMS_SENDER ?? "Kvadrat",
              destinations: [{ to: message.to.replace(/^\+/, "") }],
              text: body,
            },
          ],
        }),
      });
      return expectOk(response, "infobip");
    }
    case "twilio": {
      const sid = required(settings.SMS_ACCOUNT_SID, "SMS_ACCOUNT_SID");
      const response = await doFetch(
        `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
        {
          method: "POST",
          headers: {
            authorization: `Basic ${btoa(`${sid}:${required(settings.SMS_API_KEY, "SMS_API_KEY")}`)}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            To: message.to,
            From: required(settings.SMS_SENDER, "SMS_SENDER"),
            Body: body,
          }).toString(),
        },
      );
      return expectOk(response, "twilio");
    }
    default:
      throw new DeliveryError("No SMS provider configured (SMS_PROVIDER is not set)");
  }
}

/** A code or notice by e-mail through the configured provider (adapters/mailer.ts). */
export async function sendEmail(env: ConfigSource, message: CodeMessage, doFetch: Fetch): Promise<void> {
  const { subject, body } = messageText(message);
  await sendViaProvider(env, { to: message.to, subject, text: body, purpose: message.purpose }, doFetch);
}

/** Delivers a code or a notice: the dev outbox in development, the configured provider elsewhere. */
export async function deliverCode(
  env: ConfigSource & { DB: Database },
  message: CodeMessage,
  now: number,
  doFetch: Fetch = (input, init) => fetch(input, init),
): Promise<void> {
  if (message.channel === "email") {
    const { subject, body } = messageText(message);
    await sendMail(
      env,
      { to: message.to, subject, text: body, purpose: message.purpose, code: message.code },
      now,
      doFetch,
    );
    return;
  }
  if (isDevelopment(env)) {
    await insertOutboxMessage(env.DB, {
      channel: message.channel,
      recipient: message.to,
      purpose: message.purpose,
      code: message.code,
      body: messageText(message).body,
      now,
    });
    return;
  }
  await sendSms(env, message, doFetch);
}
