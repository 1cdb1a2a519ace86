/** What the generated pictures draw (worker/images/): an article's seed, a listing picture's seed, size and scene. */
import type { PropertyType } from "#shared/listing-types.ts";

export interface ListingImageRow {
  seed: number;
  width: number;
  height: number;
  position: number;
  property_type: PropertyType;
}

export async function articleImageSeed(db: D1Database, articleId: number): Promise<number | null> {
  const row = await db
    .prepare("SELECT image_seed FROM articles WHERE id = ?")
    .bind(articleId)
    .first<{ image_seed: number }>();
  return row?.image_seed ?? null;
}

export function listingImage(db: D1Database, imageId: number): Promise<ListingImageRow | null> {
  return db
    .prepare(
      `SELECT i.seed, i.width, i.height, i.position, l.property_type
         FROM listing_images i JOIN listings l ON l.id = i.listing_id
        WHERE i.id = ?`,
    )
    .bind(imageId)
    .first<ListingImageRow>();
}
