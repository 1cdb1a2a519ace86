/**
 * Secrets and provider settings the auth code reads (set with `wrangler secret put` / [vars]; see
 * wrangler.toml). They are not in the generated `Env`, which only knows [vars] and bindings.
 */
export interface AuthEnv {
  ENVIRONMENT?: string;
  JWT_SECRET?: string;
  SMS_PROVIDER?: string;
  SMS_API_BASE_URL?: string;
  SMS_API_KEY?: string;
  SMS_ACCOUNT_SID?: string;
  SMS_SENDER?: string;
  /** Comma-separated ISO codes of the countries SMS go to (a [var]; worker/auth/sms-policy.ts). */
  SMS_ALLOWED_COUNTRIES?: string;
  EMAIL_PROVIDER?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}

export function authEnv(env: Env): AuthEnv & Env {
  return env as AuthEnv & Env;
}
