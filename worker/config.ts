/**
 * The Worker's settings: the string variables of wrangler.toml `[vars]` and the secrets (`wrangler secret put`),
 * parsed once per env object into typed values; every module reads them here, never from `env` itself.
 * Bindings (DB, PHOTOS, TILES, LIVE, ASSETS) stay on `env`.
 *
 * An empty value is an unset one: its default applies (an unset provider or URL turns its feature off). A value
 * set but malformed throws ConfigError naming the variable, on every request of the isolate: the top-level
 * error handler logs it and answers 500, so a typo shows at once instead of quietly switching a feature off
 * (decision 073). `npm run deploy` checks a deployment's `[vars]` with the same schema before uploading.
 * Secrets are never quoted in an error.
 */
import * as v from "valibot";
import { SMS_DEFAULT_ALLOWED_COUNTRIES } from "#shared/constants.ts";

/** The street map's archive in the TILES bucket when MAP_TILES_ARCHIVE names none. */
export const DEFAULT_MAP_TILES_ARCHIVE = "serbia.pmtiles";

const trimmed = v.pipe(v.string(), v.trim());

const oneOf = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.pipe(trimmed, v.picklist(options, `must be one of ${options.map((o) => JSON.stringify(o)).join(", ")}`));

const wholeNumber = (unit: string) =>
  v.pipe(trimmed, v.regex(/^\d+$/, `must be a whole number of ${unit}`), v.transform(Number));

const isHttpUrl = (text: string) => /^https?:$/.test(URL.parse(text)?.protocol ?? "");

/** An http(s) URL, as written (trimmed). */
const httpUrl = v.pipe(trimmed, v.check(isHttpUrl, "must be an http(s) URL"));

/** An http(s) URL reduced to its origin. */
const httpOrigin = v.pipe(
  httpUrl,
  v.transform((text) => new URL(text).origin),
);

/** A secret or key: taken as it is (its bytes are the key), never quoted. */
const secret = v.string("must be a string");

const countryList = v.pipe(
  trimmed,
  v.transform((text) =>
    text
      .split(",")
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  ),
  v.check((codes) => codes.length > 0 && codes.every((code) => /^[A-Z]{2}$/.test(code)), "must be ISO country codes"),
  v.transform((codes): ReadonlySet<string> => new Set(codes)),
);

const tileTemplate = v.pipe(
  httpUrl,
  v.check((text) => ["{z}", "{x}", "{y}"].every((part) => text.includes(part)), "must contain {z}, {x} and {y}"),
);

/** Every variable, its default and what it is for (wrangler.toml sets the deployed values). */
const SETTINGS = v.object({
  /** "development" turns on the dev outbox, the payment sandbox, the development JWT key and X-Debug-* knobs. */
  ENVIRONMENT: v.optional(oneOf(["development", "production"]), "production"),
  /** "true": API answers and 500 alerts carry the exception's own text (product §8 "error logging"). */
  ERROR_LOGGING: v.optional(
    v.pipe(
      oneOf(["true", "false"]),
      v.transform((flag) => flag === "true"),
    ),
    "false",
  ),
  /** Development only: ms every in-process API call waits, to show the shell streaming first. */
  API_DELAY_MS: v.optional(wholeNumber("milliseconds"), "0"),
  /** Development only: ms every D1 round trip waits, to feel a database in another region (decision 091). */
  D1_DELAY_MS: v.optional(wholeNumber("milliseconds"), "0"),
  /** Seconds the edge keeps an anonymous visitor's page (worker/middleware/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_TTL: v.optional(wholeNumber("seconds"), "0"),
  /**
   * Seconds past `PAGE_CACHE_TTL` a kept page is still answered while it is rendered again in the background
   * (stale-while-revalidate, decision 107), unless something left the public site since its render; 0: never.
   */
  PAGE_CACHE_STALE: v.optional(wholeNumber("seconds"), "0"),
  /** Seconds an isolate keeps the reference tables (worker/db/reference-data.ts); 0 reads them every time. */
  REFERENCE_CACHE_TTL: v.optional(wholeNumber("seconds"), "0"),
  /** Another origin implementing the API to call instead of the in-process one; unset: in-process. */
  API_ORIGIN: v.optional(httpOrigin),
  /** The site's public origin, for links in what is sent without a request (the Cron Trigger's e-mails). */
  SITE_ORIGIN: v.optional(httpOrigin),
  /** Comma-separated ISO codes of the countries SMS codes may go to (decision 026). */
  SMS_ALLOWED_COUNTRIES: v.optional(countryList, SMS_DEFAULT_ALLOWED_COUNTRIES.join(",")),
  /** "stripe" takes payments through Stripe (with its secrets); unset: the sandbox in development, else none. */
  PAYMENT_PROVIDER: v.optional(oneOf(["stripe"])),
  /** A tile provider's XYZ URL template; unset: the worker's own basemap (worker/map/). */
  MAP_TILES_URL: v.optional(tileTemplate),
  /** The HTML credit a MAP_TILES_URL provider's terms require. */
  MAP_TILES_ATTRIBUTION: v.optional(trimmed, ""),
  /** The street map's PMTiles object in the TILES bucket (decision 064). */
  MAP_TILES_ARCHIVE: v.optional(trimmed, DEFAULT_MAP_TILES_ARCHIVE),
  /** The address geocoder's search URL (decision 065); unset: the address is a plain text field. */
  GEOCODER_URL: v.optional(httpUrl),
  /** Which API GEOCODER_URL speaks. */
  GEOCODER_KIND: v.optional(oneOf(["nominatim", "photon"]), "nominatim"),
  /** (secret) HS256 key of the access tokens; worker/auth/tokens.ts refuses a weak one outside development. */
  JWT_SECRET: v.optional(secret),
  /** Where one-time codes go by SMS outside development; unset: nowhere (sending fails). */
  SMS_PROVIDER: v.optional(oneOf(["infobip", "twilio"])),
  /** infobip only: the account's base URL. */
  SMS_API_BASE_URL: v.optional(httpUrl),
  /** (secret) the infobip API key or the twilio auth token. */
  SMS_API_KEY: v.optional(secret),
  /** twilio only: the account SID. */
  SMS_ACCOUNT_SID: v.optional(trimmed),
  /** The sender id (infobip, optional: "Kvadrat") or the twilio "From" number. */
  SMS_SENDER: v.optional(trimmed),
  /** Where e-mail goes outside development; unset: nowhere (sending fails). */
  EMAIL_PROVIDER: v.optional(oneOf(["resend", "postmark"])),
  /** (secret) the resend API key or the postmark server token. */
  EMAIL_API_KEY: v.optional(secret),
  /** The sender address, e.g. "Kvadrat <no-reply@kvadrat.rs>". */
  EMAIL_FROM: v.optional(trimmed),
  /** The e-mail provider's API origin; unset: its public one. Only for a local stand-in of it. */
  EMAIL_API_BASE: v.optional(httpUrl),
  /** (secret) Stripe's secret API key. */
  STRIPE_SECRET_KEY: v.optional(secret),
  /** (secret) the Stripe webhook endpoint's signing secret. */
  STRIPE_WEBHOOK_SECRET: v.optional(secret),
  /** Stripe's API origin; unset: its public one. Only for a local stand-in of it. */
  STRIPE_API_BASE: v.optional(httpUrl),
});

export type Config = v.InferOutput<typeof SETTINGS>;
type VariableName = keyof typeof SETTINGS.entries;

/** What settings are read from: the Worker's `env`, or any object carrying some of the variables (tests). */
export type ConfigSource = { readonly [Name in VariableName]?: unknown };

const SECRETS: ReadonlySet<VariableName> = new Set([
  "JWT_SECRET",
  "SMS_API_KEY",
  "EMAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

/** A variable set to what its schema refuses; the message names each such variable. */
export class ConfigError extends Error {}

/** The variables that are set: empty (or blank) strings count as unset. */
function setVariables(source: ConfigSource): Partial<Record<VariableName, unknown>> {
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const name of Object.keys(SETTINGS.entries) as VariableName[]) {
    const value = source[name];
    if (value !== undefined && !(typeof value === "string" && value.trim() === "")) values[name] = value;
  }
  return values;
}

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

function sentences(issues: Issues, source: ConfigSource): string[] {
  return issues.map((issue) => {
    const name = String(issue.path?.[0]?.key) as VariableName;
    const shown = SECRETS.has(name) ? "" : ` (it is ${JSON.stringify(source[name])})`;
    return `${name} ${issue.message}${shown}`;
  });
}

/** Each malformed variable as a sentence naming it (and its value, unless a secret); empty when all are fine. */
export function variableProblems(source: ConfigSource): string[] {
  const result = v.safeParse(SETTINGS, setVariables(source));
  return result.success ? [] : sentences(result.issues, source);
}

const parsed = new WeakMap<object, Config | ConfigError>();
const NOTHING_SET: ConfigSource = {};

/**
 * `env` with some bindings replaced for one request (its D1 session, decision 092; its metered database,
 * decision 091): the same variables, so the settings parsed for `env` are the copy's too, not parsed again.
 */
export function withBindings<E extends object>(env: E, bindings: Partial<E>): E {
  const copy = { ...env, ...bindings };
  const settings = parsed.get(env);
  if (settings) parsed.set(copy, settings);
  return copy;
}

/** The settings of this env object, parsed on its first use; throws ConfigError while any variable is malformed. */
export function config(source: ConfigSource | undefined): Config {
  const env = source ?? NOTHING_SET;
  let settings = parsed.get(env);
  if (!settings) {
    const result = v.safeParse(SETTINGS, setVariables(env));
    settings = result.success
      ? result.output
      : new ConfigError(`Configuration: ${sentences(result.issues, env).join("; ")}`);
    parsed.set(env, settings);
  }
  if (settings instanceof ConfigError) throw settings;
  return settings;
}
