import type { ApiImage } from "#shared/api/realty.ts";
import { illustrationUrl, photoVariants, srcsetOf } from "#shared/photo-variants.ts";
import type { ImageRow } from "#worker/db/listing-columns.ts";

/** A photo names its variants (the middle one as `url`); an illustration is one drawn SVG. */
export function toImage(row: ImageRow): ApiImage {
  if (row.photo_key === null) {
    const url = illustrationUrl(row.id);
    return { id: row.id, url, width: row.width, height: row.height, srcset: null, url_large: url };
  }
  const variants = photoVariants(row.photo_key, row.width, row.height);
  const largest = variants.at(-1)!;
  return {
    id: row.id,
    url: variants[Math.floor((variants.length - 1) / 2)]!.url,
    width: largest.width,
    height: largest.height,
    srcset: srcsetOf(variants),
    url_large: largest.url,
  };
}

/** A read's first photo (`image_json`, an `ImageRow` as JSON) as the API gives it, or null. */
export const firstImage = (imageJson: string | null) => (imageJson ? toImage(JSON.parse(imageJson) as ImageRow) : null);
