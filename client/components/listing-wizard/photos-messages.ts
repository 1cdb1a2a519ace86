/** The numbers photo messages name, from the one definition of each limit, and what a photo picker accepts. */
import { PHOTO_FORM_MAX_MB, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTOS_PER_LISTING } from "#shared/constants.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";

const MB = 1024 * 1024;

/** What a photo picker accepts (the API decides by the bytes; this only filters the file picker). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export const PHOTO_LIMIT_VALUES = {
  max: PHOTOS_PER_LISTING,
  maxMb: PHOTO_MAX_BYTES / MB,
  formMb: PHOTO_FORM_MAX_MB,
};

/** The values a photo error message (photo.error.*) is formatted with. */
export function photoErrorValues(id: string): Record<string, number> {
  if (id === PHOTO_ERRORS.tooLarge) return { max: PHOTO_MAX_BYTES / MB };
  if (id === PHOTO_ERRORS.tooManyPixels) return { max: Math.floor(PHOTO_MAX_PIXELS / 1_000_000) };
  if (id === PHOTO_ERRORS.tooMany) return { max: PHOTOS_PER_LISTING };
  return {};
}

/** The thumbnail's source: the smallest variant (the srcset offers the rest). */
export const thumbnailOf = (photo: { url: string; variants: { url: string }[] }) => photo.variants[0]?.url ?? photo.url;

/** What the thumbnails are drawn at (CSS pixels), for `sizes`. */
export const THUMBNAIL_SIZES = "(max-width: 40rem) 45vw, 12rem";
