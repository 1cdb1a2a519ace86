import type { Context } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { debugAllowed } from "./environment.ts";

/** The development header that has this request's photos made by the isolate's own codecs. */
export const PHOTO_CODEC_HEADER = "x-debug-photo-codec";

/**
 * Where this request's photos are made (decision 096): by the Images binding when the Worker has one; in
 * development a request may ask for the isolate's codecs (`X-Debug-Photo-Codec: isolate`), the path a
 * Worker without the binding takes, so tests and `npm run bench:photos` reach both.
 */
export function photoBindings(c: Context<AppEnv>): { PHOTOS: R2Bucket; IMAGES?: ImagesBinding } {
  const isolate = debugAllowed(c.env, c.req.raw) && c.req.header(PHOTO_CODEC_HEADER) === "isolate";
  return isolate ? { PHOTOS: c.env.PHOTOS } : c.env;
}
