/**
 * The generated illustrations that stand in for photos, as SVG (what pages show) and PNG (what link
 * previews need: social networks do not read SVG). The same id always gives the same bytes, so both
 * are cached for a year as immutable; a PNG is painted once per edge location and then kept there, and
 * one address may have at most PREVIEW_PAINTS_PER_ADDRESS painted per PREVIEW_PAINT_WINDOW_S (decision 027).
 * - `GET /images/listings/{imageId}.svg|png`: a listing image. The row gives the seed and size, the
 *   listing its property type.
 * - `GET /images/articles/{articleId}.svg|png`: an article's illustration, drawn by the same renderer
 *   from `articles.image_seed` at the article image size (ARTICLE_IMAGE_WIDTH × ARTICLE_IMAGE_HEIGHT).
 */
import { Hono } from "hono";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import { previewImageSize } from "#shared/preview-image.ts";
import { articleImageSeed, listingImage } from "#worker/db/images.ts";
import { drawIllustration, renderIllustration, type IllustrationInput, type IllustrationType } from "./illustration.ts";
import { encodePng } from "./png.ts";
import { PREVIEW_PAINT_WINDOW_S, PREVIEW_PAINTS_PER_ADDRESS } from "#shared/constants.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { perAddress } from "#worker/middleware/throttle.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { rasterize } from "./raster.ts";

/** Largest id accepted: beyond SQLite's integer range a number is no id at all. */
const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Scenes an article picture may show: streets, houses and plots, the subjects of the media section. */
const ARTICLE_SCENES: readonly IllustrationType[] = [
  "apartment",
  "house",
  "land",
  "investment",
  "commercial",
  "apartment",
];

const IMMUTABLE = "public, max-age=31536000, immutable";

/** What each kind of image draws, by id; null when there is no such image. */
const sources: Record<"articles" | "listings", (db: Database, id: number) => Promise<IllustrationInput | null>> = {
  async articles(db, id) {
    const imageSeed = await articleImageSeed(db, id);
    if (imageSeed === null) return null;
    const seed = imageSeed >>> 0;
    return {
      seed,
      width: ARTICLE_IMAGE_WIDTH,
      height: ARTICLE_IMAGE_HEIGHT,
      type: ARTICLE_SCENES[seed % ARTICLE_SCENES.length]!,
    };
  },
  async listings(db, id) {
    const row = await listingImage(db, id);
    return (
      row && { seed: row.seed, width: row.width, height: row.height, type: row.property_type, position: row.position }
    );
  },
};

/** The numeric id of `{id}.svg` or `{id}.png`, or null when it is no id at all. */
function fileId(file: string): number | null {
  const id = Number(file.slice(0, file.lastIndexOf(".")));
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

export const images = new Hono<AppEnv>().get(
  "/images/:kind{articles|listings}/:file{[0-9]+\\.(?:svg|png)}",
  async (c) => {
    const kind = c.req.param("kind") as keyof typeof sources;
    const file = c.req.param("file");
    const id = fileId(file);
    if (id === null) return c.text("Not found", 404);

    if (file.endsWith(".svg")) {
      const input = await sources[kind](c.env.DB, id);
      if (!input) return c.text("Not found", 404);
      return c.body(renderIllustration(input), 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": IMMUTABLE,
      });
    }

    // Painting takes tens of milliseconds of CPU: each location does it once, at most at the preview size.
    const cache = await caches.open("images");
    const key = new Request(new URL(c.req.path, c.req.url));
    const kept = await cache.match(key);
    // A kept response's headers are immutable; the security headers are added to a copy.
    if (kept) return new Response(kept.body, kept);
    // Only a paint counts against the address (a kept picture costs nothing), before the id is looked up.
    const verdict = await hit(
      c.env.RATE_LIMITS,
      perAddress(c, "preview-paint", PREVIEW_PAINTS_PER_ADDRESS, PREVIEW_PAINT_WINDOW_S),
      nowOf(c),
    );
    if (!verdict.allowed) return rateLimited(c, verdict);
    const input = await sources[kind](c.env.DB, id);
    if (!input) return c.text("Not found", 404);
    const scene = drawIllustration({ ...input, ...previewImageSize(input) });
    const png = await encodePng(scene.width, scene.height, rasterize(scene));
    const res = new Response(png, { headers: { "Content-Type": "image/png", "Cache-Control": IMMUTABLE } });
    c.executionCtx.waitUntil(cache.put(key, res.clone()));
    return res;
  },
);
