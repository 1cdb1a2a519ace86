/**
 * `GET /images/listings/{imageId}.svg`: the generated illustration of a listing image. The row gives
 * the seed and size, the listing its property type; the same id always gives the same bytes, so the
 * response is cached for a year as immutable.
 * `GET /images/articles/{articleId}.svg`: an article's illustration, drawn by the same renderer from
 * `articles.image_seed` at the article image size (ARTICLE_IMAGE_WIDTH × ARTICLE_IMAGE_HEIGHT).
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "./article-size.ts";
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

/** Scenes an article picture may show: streets, houses and plots, the subjects of the media section. */
const ARTICLE_SCENES: readonly IllustrationType[] = [
  "apartment",
  "house",
  "land",
  "investment",
  "commercial",
  "apartment",
];

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=31536000, immutable",
};

/** The numeric id of `{id}.svg`, or null when it is no id at all. */
function fileId(file: string): number | null {
  const id = Number(file.slice(0, -".svg".length));
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

export const images = new Hono<AppEnv>()
  .get("/images/articles/:file{[0-9]+\\.svg}", async (c) => {
    const id = fileId(c.req.param("file"));
    if (id === null) return c.text("Not found", 404);
    const row = await c.env.DB.prepare("SELECT image_seed FROM articles WHERE id = ?")
      .bind(id)
      .first<{ image_seed: number }>();
    if (!row) return c.text("Not found", 404);
    const seed = row.image_seed >>> 0;
    const svg = renderIllustration({
      seed,
      width: ARTICLE_IMAGE_WIDTH,
      height: ARTICLE_IMAGE_HEIGHT,
      type: ARTICLE_SCENES[seed % ARTICLE_SCENES.length]!,
    });
    return c.body(svg, 200, SVG_HEADERS);
  })
  .get("/images/listings/:file{[0-9]+\\.svg}", async (c) => {
    const id = fileId(c.req.param("file"));
    if (id === null) return c.text("Not found", 404);
    const row = await c.env.DB.prepare(
      `SELECT i.seed, i.width, i.height, i.position, l.property_type
       FROM listing_images i JOIN listings l ON l.id = i.listing_id
      WHERE i.id = ?`,
    )
      .bind(id)
      .first<ImageRow>();
    if (!row) return c.text("Not found", 404);
    const svg = renderIllustration({
      seed: row.seed,
      width: row.width,
      height: row.height,
      type: row.property_type,
      position: row.position,
    });
    return c.body(svg, 200, SVG_HEADERS);
  });
