/**
 * `GET /images/listings/{imageId}.svg`: the generated illustration of a listing image. The row gives
 * the seed and size, the listing its property type; the same id always gives the same bytes, so the
 * response is cached for a year as immutable.
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { renderIllustration, type IllustrationType } from "./illustration.ts";

interface ImageRow {
  seed: number;
  width: number;
  height: number;
  position: number;
  property_type: IllustrationType;
}

/** Largest id accepted: beyond SQLite's integer range a number is no id at all. */
const MAX_ID = Number.MAX_SAFE_INTEGER;

export const images = new Hono<AppEnv>().get("/images/listings/:file{[0-9]+\\.svg}", async (c) => {
  const id = Number(c.req.param("file").slice(0, -".svg".length));
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return c.text("Not found", 404);
  const row = await c.env.DB.prepare(
    `SELECT i.seed, i.width, i.height, i.position, l.property_type
       FROM listing_images i JOIN listings l ON l.id = i.listing_id
      WHERE i.id = ?`,
  )
    .bind(id)
    .first<ImageRow>();
  if (!row) return c.text("Not found", 404);
  const svg = renderIllustration({ seed: row.seed, width: row.width, height: row.height, type: row.property_type, position: row.position });
  return c.body(svg, 200, {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
});
