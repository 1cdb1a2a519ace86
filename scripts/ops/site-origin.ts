/**
 * The site's public origin for links an operator's command prints: `SITE_ORIGIN` of the wrangler
 * environment's vars (`[vars]`, or `[env.NAME.vars]` — wrangler does not inherit vars into environments).
 * Read line by line: the config writes vars as `KEY = "value"` lines under their table.
 */
import { readFileSync } from "node:fs";

const LOCAL_SITE_ORIGIN = "http://localhost:8787";

/** `SITE_ORIGIN` of the vars table of `env` (top level when undefined) in wrangler.toml text; "" when unset. */
export function siteOriginVar(toml: string, env?: string): string {
  const table = env ? `[env.${env}.vars]` : "[vars]";
  let inTable = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inTable = line.replace(/\s+/g, "") === table;
      continue;
    }
    if (!inTable) continue;
    const match = /^SITE_ORIGIN\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(?:#.*)?$/.exec(line);
    if (match) return match[1] ?? match[2] ?? "";
  }
  return "";
}

/**
 * The origin links go to: the configured one (checked to be an http(s) origin); locally, when unset, the
 * local server's; remotely, when unset, an error (a link to localhost would not reach the site).
 */
export function siteOriginFor(options: { remote: boolean; env?: string; toml?: string }): string {
  const value = siteOriginVar(options.toml ?? readFileSync("wrangler.toml", "utf8"), options.env);
  if (!value) {
    if (!options.remote) return LOCAL_SITE_ORIGIN;
    const where = options.env ? `[env.${options.env}.vars]` : "[vars]";
    throw new Error(`SITE_ORIGIN is not set in ${where} of wrangler.toml: set the site's public origin first`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_ORIGIN "${value}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`SITE_ORIGIN "${value}" is not http(s)`);
  return url.origin;
}
