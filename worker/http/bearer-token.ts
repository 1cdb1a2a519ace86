import type { Context } from "hono";

/** The bearer credential of the request, if any (an access JWT, or a refresh token for /api/auth/*). */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+([^\s]{1,4096})\s*$/i.exec(c.req.header("authorization") ?? "");
  return match?.[1];
}
