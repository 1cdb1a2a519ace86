/**
 * Where and how many SMS go out (issue 17 item 4, decision 026): only to numbers of the allowed countries
 * (the `SMS_ALLOWED_COUNTRIES` var, comma-separated ISO codes; SMS_DEFAULT_ALLOWED_COUNTRIES without it),
 * and at most SMS_SENDS_PER_HOUR an hour to everyone together, so a script cannot pump SMS to premium numbers.
 */
import { SMS_DEFAULT_ALLOWED_COUNTRIES, SMS_SENDS_PER_HOUR } from "#shared/constants.ts";
import { parsePhone } from "#shared/phone/validate.ts";
import { hit, type RateLimitVerdict } from "#worker/services/rate-limit.ts";

export function allowedSmsCountries(env: { SMS_ALLOWED_COUNTRIES?: string }): Set<string> {
  const configured = (env.SMS_ALLOWED_COUNTRIES ?? "")
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return new Set(configured.length > 0 ? configured : SMS_DEFAULT_ALLOWED_COUNTRIES);
}

/** The country of an E.164 number (libphonenumber-js), or undefined when it names none. */
export function smsCountryOf(phone: string): string | undefined {
  try {
    return parsePhone(phone, undefined).country;
  } catch {
    return undefined;
  }
}

export function smsAllowedTo(env: { SMS_ALLOWED_COUNTRIES?: string }, phone: string): boolean {
  const country = smsCountryOf(phone);
  return country !== undefined && allowedSmsCountries(env).has(country);
}

/** Counts one SMS against the hourly ceiling of all sends. */
export function hitSmsCeiling(db: D1Database, now: number): Promise<RateLimitVerdict> {
  return hit(db, { key: "sms:all", limit: SMS_SENDS_PER_HOUR, windowS: 3600 }, now);
}
