import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { config, type ConfigSource } from "#worker/config.ts";

/**
 * The map's tile provider (MAP_TILES_URL, decision 044), whose images pages show: its https origin, a `{s}`
 * subdomain as a wildcard. Nothing while the worker serves its own tiles.
 */
export function tilesImageSource(env: ConfigSource): string {
  const origin = /^https:\/\/[^/?#]+/.exec(config(env).MAP_TILES_URL ?? "")?.[0];
  return origin ? origin.replace("{s}", "*") : "";
}

/**
 * Security headers on every response (architecture §3.1). Scripts run only with the per-response nonce that
 * entry.server.tsx hands to React; 'strict-dynamic' lets those scripts import the hashed route chunks.
 * Vite's dev server injects its own scripts, so the policy only applies to built workers.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: import.meta.env?.DEV
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: [NONCE, "'strict-dynamic'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", (c) => tilesImageSource(c.env ?? {})],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"] },
  });
}
