import type { Context } from "hono";
import type { AppEnv } from "#worker/app-env.ts";

/** Cloudflare's ray id is the id its own logs use; anything else a client sent is not trusted as one. */
const RAY_ID = /^[0-9A-Za-z-]{1,64}$/;

/** The id that ties a log line to an answer: the `cf-ray` of the request when present, else a fresh UUID. */
export function requestIdOf(c: Context<AppEnv>): string {
  let id = c.get("requestId");
  if (id === undefined) {
    const ray = c.req.header("cf-ray");
    id = ray && RAY_ID.test(ray) ? ray : crypto.randomUUID();
    c.set("requestId", id);
  }
  return id;
}
