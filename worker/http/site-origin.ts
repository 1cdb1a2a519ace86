import { config, type ConfigSource } from "#worker/config.ts";
import { isDevelopment } from "./environment.ts";

/** The local server of `npm start`: links in e-mails sent without a request, in development. */
const DEVELOPMENT_ORIGIN = "http://localhost:8787";

/**
 * The site's public origin for links in what is sent without a request to read it from (the Cron
 * Trigger's e-mails): `SITE_ORIGIN` ([vars]); in development the local server; otherwise null, and such
 * e-mails are not sent (a link to nowhere helps nobody).
 */
export function siteOrigin(env: ConfigSource): string | null {
  const origin = config(env).SITE_ORIGIN;
  if (origin) return origin;
  return isDevelopment(env) ? DEVELOPMENT_ORIGIN : null;
}
