/**
 * `GET /photos/{key}-{width}.webp`: a listing photo's variant from R2 (decision 031). A key is never
 * reused for other pixels (rotation renders under a new one), so the answer is immutable for a year and
 * kept in the edge's cache: R2 is read once per location.
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import * as photoCodecs from "#worker/services/photo-codec.ts";
import { installPhotoCodecs, variantObject } from "#worker/services/photo-store.ts";

// The codecs enter the bundle with the worker's entry (see installPhotoCodecs).
installPhotoCodecs(photoCodecs);

const IMMUTABLE = "public, max-age=31536000, immutable";

export const photos = new Hono<AppEnv>().get("/photos/:file{[0-9a-f]{32}-[0-9]{1,5}\\.webp}", async (c) => {
  const file = c.req.param("file");
  const cache = await caches.open("photos");
  const key = new Request(new URL(c.req.path, c.req.url));
  const kept = await cache.match(key);
  // A kept response's headers are immutable; the security headers are added to a copy.
  if (kept) return new Response(kept.body, kept);
  const dash = file.lastIndexOf("-");
  const object = await c.env.PHOTOS.get(variantObject(file.slice(0, dash), Number(file.slice(dash + 1, -5))));
  if (!object) return c.text("Not found", 404);
  const res = new Response(object.body, {
    headers: { "Content-Type": "image/webp", "Cache-Control": IMMUTABLE, ETag: object.httpEtag },
  });
  c.executionCtx.waitUntil(cache.put(key, res.clone()));
  return res;
});
