import { config, type ConfigSource } from "#worker/config.ts";

/** The one test for development (`ENVIRONMENT=development`: dev outbox, sandbox payments, debug headers). */
export function isDevelopment(env: ConfigSource): boolean {
  return config(env).ENVIRONMENT === "development";
}

/** Product §8 "error logging enabled": answers may then carry an exception's own text. */
export function isErrorLogging(env: ConfigSource): boolean {
  return config(env).ERROR_LOGGING;
}

/** 127.0.0.0/8 and ::1 (also written as an IPv4-mapped IPv6 address). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/^::ffff:/, "");
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === "::1" || ip === "0:0:0:0:0:0:0:1";
}

/**
 * Whether development-only endpoints and headers (`/api/dev/outbox`, `X-Debug-*`) work for this request
 * (decision 026): only with `ENVIRONMENT=development` and from a loopback address. The address is the
 * connecting one as the platform reports it in `CF-Connecting-IP`: Cloudflare always sets it to the
 * visitor's (never loopback); `wrangler dev` sets it from the socket (127.0.0.1 or ::1 for the developer's
 * own browser); a request with none never crossed a network (vitest's `SELF.fetch`, a call inside the
 * isolate) and counts as loopback.
 */
export function debugAllowed(env: ConfigSource, request: Request): boolean {
  if (!isDevelopment(env)) return false;
  const address = request.headers.get("cf-connecting-ip");
  return address === null || isLoopbackAddress(address);
}

/** A request carrying development knobs that apply here (such a request is never served from the page cache). */
export function debugRequest(env: ConfigSource, request: Request): boolean {
  return debugAllowed(env, request) && [...request.headers.keys()].some((name) => name.startsWith("x-debug-"));
}
