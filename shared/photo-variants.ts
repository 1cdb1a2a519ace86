/**
 * Where an uploaded listing photo's WebP variants are served and at which sizes (decision 031): the
 * photo store writes them, and every read of a listing (search, detail, edit) names them, so both take
 * the URLs from here — as the generated illustration of a listing without photos.
 */
import { AVATAR_SIDE, AVATAR_SIDES, PHOTO_WIDTHS } from "#shared/constants.ts";

/** Where the worker serves variants: `/photos/{key}-{width}.webp` (worker/images/photos.ts). */
const PHOTO_PATH = "/photos/";

export interface PhotoVariant {
  url: string;
  width: number;
  height: number;
}

/** The variant widths of a photo `width` px wide: PHOTO_WIDTHS, or its own width in place of larger ones. */
export function variantSizes(width: number, height: number): { width: number; height: number }[] {
  const widths = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, width)))];
  return widths.map((w) => ({ width: w, height: Math.max(1, Math.round((w * height) / width)) }));
}

/** A generated listing illustration (worker/images/index.ts draws it from the image's row). */
export const illustrationUrl = (imageId: number) => `/images/listings/${imageId}.svg`;

export const variantUrl = (photoKey: string, width: number) => `${PHOTO_PATH}${photoKey}-${width}.webp`;

/** A photo's variants, smallest first. */
export function photoVariants(photoKey: string, width: number, height: number): PhotoVariant[] {
  return variantSizes(width, height).map((size) => ({ url: variantUrl(photoKey, size.width), ...size }));
}

/** `url 480w, url 960w, …` for `<img srcset>`. */
export const srcsetOf = (variants: readonly PhotoVariant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");

/** A profile picture's square sides: AVATAR_SIDES, or its own side in place of larger ones, smallest first. */
export const avatarSides = (side: number) => [...new Set(AVATAR_SIDES.map((s) => Math.min(s, side)))];

/** A profile picture's variants (decision 050), and the one the profile names. */
export function avatarVariants(key: string, side: number) {
  const variants: PhotoVariant[] = avatarSides(side).map((s) => ({ url: variantUrl(key, s), width: s, height: s }));
  const named = variants.find((v) => v.width >= Math.min(AVATAR_SIDE, side)) ?? variants.at(-1)!;
  return { url: named.url, variants };
}
