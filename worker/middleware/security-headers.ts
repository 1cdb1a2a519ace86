import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * Security headers on every response (DESIGN §3.1). Scripts run only with the per-response nonce that
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
          imgSrc: ["'self'", "data:", "blob:"],
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
