/**
 * Where and how many SMS go out (decisions 026 and 048): only to numbers of the allowed countries (the
 * `SMS_ALLOWED_COUNTRIES` var, comma-separated ISO codes; SMS_DEFAULT_ALLOWED_COUNTRIES without it); per
 * IPv6 network an allowance (429 past it); and budgets per number, per country and for everyone that, once
 * spent, withhold only SMS to numbers without an account — no switch a few addresses can flip stops an
 * account holder's code, and a script cannot pump SMS to premium numbers without end.
 */
import {
  SMS_HOME_COUNTRY,
  SMS_NEW_NUMBER_SENDS_PER_COUNTRY_PER_HOUR,
  SMS_NEW_NUMBER_SENDS_PER_HOUR,
  SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR,
  SMS_REQUESTS_PER_NETWORK_PER_HOUR,
} from "#shared/constants.ts";
import { parsePhone } from "#shared/phone/validate.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import { hit, hitAll, type RateLimitVerdict } from "#worker/http/rate-limit.ts";
import type { Database } from "#worker/app-env.ts";

/** The country of an E.164 number (libphonenumber-js), or undefined when it names none. */
function smsCountryOf(phone: string): string | undefined {
  try {
    return parsePhone(phone, undefined).country;
  } catch {
    return undefined;
  }
}

export function smsAllowedTo(env: ConfigSource, phone: string): boolean {
  const country = smsCountryOf(phone);
  return country !== undefined && config(env).SMS_ALLOWED_COUNTRIES.has(country);
}

/** Counts an SMS request of an IPv6 network (its /48) against the network's hourly allowance. */
export function hitSmsNetwork(db: Database, network: string, now: number): Promise<RateLimitVerdict> {
  return hit(db, { key: `sms:net:${network}`, limit: SMS_REQUESTS_PER_NETWORK_PER_HOUR, windowS: 3600 }, now);
}

/**
 * Counts an SMS about to go to `phone` against its number's, its country's and everyone's hourly budget,
 * whoever the number belongs to (the same work for every number), and answers whether it may go to a
 * number without an account: false once any of the three is spent.
 */
export async function newNumberSmsAllowed(db: Database, phone: string, now: number): Promise<boolean> {
  const country = smsCountryOf(phone) ?? "unknown";
  const verdict = await hitAll(
    db,
    [
      { key: `sms:number:${phone}`, limit: SMS_NEW_NUMBER_SENDS_PER_NUMBER_PER_HOUR, windowS: 3600 },
      {
        key: `sms:country:${country}`,
        limit: country === SMS_HOME_COUNTRY ? SMS_NEW_NUMBER_SENDS_PER_HOUR : SMS_NEW_NUMBER_SENDS_PER_COUNTRY_PER_HOUR,
        windowS: 3600,
      },
      { key: "sms:all", limit: SMS_NEW_NUMBER_SENDS_PER_HOUR, windowS: 3600 },
    ],
    now,
  );
  return verdict.allowed;
}
