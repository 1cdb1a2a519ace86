import type { ConfigSource } from "#worker/config.ts";
import { isDevelopment } from "./environment.ts";

/**
 * The visitor's country as the edge sees it (architecture §7), for defaults such as the phone widget's.
 * Locally `request.cf` is miniflare's placeholder (always "US"), so development reads only the
 * `CF-IPCountry` header Cloudflare also sends, which a test or a developer can set.
 */
export function edgeCountry(request: Request, env: ConfigSource): string | undefined {
  const country = isDevelopment(env)
    ? request.headers.get("cf-ipcountry")
    : (request as Request & { cf?: { country?: unknown } }).cf?.country;
  // "XX" is Cloudflare's unknown, "T1" Tor: neither is a country.
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : undefined;
}
