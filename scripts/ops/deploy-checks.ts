/**
 * What `npm run deploy` checks of a deployment's flattened configuration (the build's `wrangler.json`) before
 * anything reaches Cloudflare, and which secrets the deployed Worker needs that it cannot see set.
 */

import { variableProblems } from "#worker/config.ts";

/** The `database_id` wrangler.toml ships with: a deployment still carrying it has no database of its own. */
export const PLACEHOLDER_DATABASE_ID = "00000000-0000-4000-8000-000000000000";

/** The environments `npm run deploy` knows (wrangler.toml `[env.NAME]`). */
export const DEPLOY_ENVIRONMENTS = ["staging", "production"] as const;

export interface DeployConfig {
  name?: string;
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string; database_name?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
}

/** What stops a deploy: each a sentence the operator can act on. */
export function configProblems(config: DeployConfig, env: string): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  const db = config.d1_databases?.find((d) => d.binding === "DB");
  if (!db) problems.push(`[env.${env}] has no D1 database bound as DB.`);
  else if (!db.database_id || db.database_id === PLACEHOLDER_DATABASE_ID)
    problems.push(
      `[[env.${env}.d1_databases]] database_id is the placeholder: run \`npx wrangler d1 create ${db.database_name ?? "…"}\` and write the id it prints into wrangler.toml.`,
    );
  if (!config.r2_buckets?.some((b) => b.binding === "PHOTOS"))
    problems.push(`[env.${env}] has no R2 bucket bound as PHOTOS.`);
  // The street map's archive may be uploaded later (the drawn basemap stands in), but its bucket is bound.
  if (!config.r2_buckets?.some((b) => b.binding === "TILES"))
    problems.push(`[env.${env}] has no R2 bucket bound as TILES (the street map's archive, docs/operations.md).`);
  // What the Worker would refuse at its first request (worker/config.ts), then what a deployment needs beyond it.
  for (const problem of variableProblems(vars)) problems.push(`[env.${env}.vars] ${problem}.`);
  if (typeof vars.GEOCODER_URL === "string" && vars.GEOCODER_URL !== "" && !/^https:\/\/[^/]+/.test(vars.GEOCODER_URL))
    problems.push(`[env.${env}.vars] GEOCODER_URL must be an https URL (it is ${JSON.stringify(vars.GEOCODER_URL)}).`);
  if (vars.ENVIRONMENT !== "production")
    problems.push(`[env.${env}.vars] ENVIRONMENT must be "production" (it is ${JSON.stringify(vars.ENVIRONMENT)}).`);
  const origin = typeof vars.SITE_ORIGIN === "string" ? vars.SITE_ORIGIN : "";
  if (!/^https:\/\/[^/]+$/.test(origin))
    problems.push(
      `[env.${env}.vars] SITE_ORIGIN must be the site's public https origin, e.g. "https://kvadrat.rs" (it is ${JSON.stringify(origin)}): e-mails link to it.`,
    );
  return problems;
}

/** A secret the Worker needs, and what for. */
export interface NeededSecret {
  name: string;
  why: string;
}

/**
 * The settings a production Worker needs, given its vars (a setting may be a var or a secret; the keys
 * are secrets). SMS and e-mail carry sign-in codes: without them nobody can register.
 */
function neededSecrets(vars: Record<string, unknown>): NeededSecret[] {
  const needed: NeededSecret[] = [
    { name: "JWT_SECRET", why: "signs sessions; ≥ 32 random bytes (openssl rand -base64 48)" },
    { name: "SMS_PROVIDER", why: '"infobip" or "twilio": sign-in codes by SMS' },
    { name: "SMS_API_KEY", why: "the SMS provider's API key (infobip) or auth token (twilio)" },
    { name: "EMAIL_PROVIDER", why: '"resend" or "postmark": sign-in codes and notices by e-mail' },
    { name: "EMAIL_API_KEY", why: "the e-mail provider's API key or server token" },
    { name: "EMAIL_FROM", why: 'the sender, e.g. "Kvadrat <no-reply@kvadrat.rs>"' },
  ];
  if (vars.SMS_PROVIDER === "infobip") needed.push({ name: "SMS_API_BASE_URL", why: "the infobip account's base URL" });
  if (vars.SMS_PROVIDER === "twilio") needed.push({ name: "SMS_ACCOUNT_SID", why: "the twilio account SID" });
  if (vars.PAYMENT_PROVIDER === "stripe")
    needed.push(
      { name: "STRIPE_SECRET_KEY", why: "Stripe's secret API key (sk_live_…)" },
      { name: "STRIPE_WEBHOOK_SECRET", why: "the webhook endpoint's signing secret (whsec_…)" },
    );
  return needed;
}

/** The needed settings neither a var nor a secret of the deployed Worker. */
export function missingSecrets(vars: Record<string, unknown>, secretNames: readonly string[]): NeededSecret[] {
  const set = new Set([...secretNames, ...Object.keys(vars).filter((name) => vars[name] !== "")]);
  return neededSecrets(vars).filter((secret) => !set.has(secret.name));
}
