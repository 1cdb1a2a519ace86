/**
 * `GET /photos/{key}-{width}.webp`: a listing photo's or profile picture's variant from R2 (decisions 031,
 * 050). A key is never reused for other pixels (rotation renders under a new one), so browsers keep the
 * answer as immutable for a year; the edge's cache keeps it PHOTO_EDGE_CACHE_SECONDS, and deleting the
 * photo removes it there (photo-store.ts removePhotoObjects, the same cache key).
 */
import { Hono } from "hono";
import { PHOTO_EDGE_CACHE_SECONDS } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import * as photoCodecs from "#worker/workflows/photo-codec.ts";
import { installPhotoCodecs, PHOTO_CACHE, photoCacheKey, variantObject } from "#worker/workflows/photo-store.ts";

// The codecs enter the bundle with the worker's entry (see installPhotoCodecs).
installPhotoCodecs(photoCodecs);

const IMMUTABLE = "public, max-age=31536000, immutable";

export const photos = new Hono<AppEnv>().get("/photos/:file{[0-9a-f]{32}-[0-9]{1,5}\\.webp}", async (c) => {
  const file = c.req.param("file");
  const dash = file.lastIndexOf("-");
  const object = variantObject(file.slice(0, dash), Number(file.slice(dash + 1, -5)));
  const cache = await caches.open(PHOTO_CACHE);
  const key = photoCacheKey(new URL(c.req.url).origin, object);
  const kept = await cache.match(key);
  if (kept) {
    // A kept response's headers are immutable: the browser's lifetime (and the security headers) go on a copy.
    const res = new Response(kept.body, kept);
    res.headers.set("Cache-Control", IMMUTABLE);
    return res;
  }
  const stored = await c.env.PHOTOS.get(object);
  if (!stored) return c.text("Not found", 404);
  const headers = { "Content-Type": "image/webp", ETag: stored.httpEtag };
  const res = new Response(stored.body, { headers: { ...headers, "Cache-Control": IMMUTABLE } });
  const edgeCopy = new Response(res.clone().body, {
    headers: { ...headers, "Cache-Control": `public, max-age=${PHOTO_EDGE_CACHE_SECONDS}` },
  });
  c.executionCtx.waitUntil(cache.put(key, edgeCopy));
  return res;
});
