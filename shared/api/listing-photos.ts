/** Listing photos (decision 031): request shapes, the image the API answers, message ids. */
import * as v from "valibot";
import { PHOTO_ROTATIONS, PHOTOS_PER_LISTING } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";

const Id = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.format),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.format),
);

/** The upload's `id` field (multipart text): a listing id. */
export const PhotoListingId = v.pipe(
  v.string(INVALID.required),
  v.regex(/^[1-9][0-9]{0,15}$/, INVALID.format),
  v.transform(Number),
  Id,
);
/** `DELETE …/image/{id}`. */
export const PhotoParam = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, INVALID.format), v.transform(Number), Id),
});
/** Turn a photo clockwise by `angle` more (rotations add up). */
export const RotatePhotoBody = v.object({
  id: Id,
  angle: v.picklist(PHOTO_ROTATIONS, INVALID.format),
});
/** The listing's photos in their new order, every one of them once; the first is the cover. */
export const OrderPhotosBody = v.object({
  id: Id,
  ids: v.pipe(v.array(Id), v.minLength(1, INVALID.required), v.maxLength(PHOTOS_PER_LISTING, INVALID.tooMany)),
});

/** One served size of a photo. */
export interface ApiPhotoVariant {
  url: string;
  width: number;
  height: number;
}

/** A listing photo as the edit API answers it: its largest variant's URL and size, and every variant. */
export interface ApiListingPhoto {
  id: number;
  listing_id: number;
  position: number;
  url: string;
  width: number;
  height: number;
  /** The owner's clockwise rotation, 0/90/180/270 (the camera's orientation is already applied). */
  rotation: number;
  /** Added to an approved listing: not public until a moderator approves it (decision 053). */
  pending: boolean;
  variants: ApiPhotoVariant[];
  /** `url 480w, url 960w, …` for `<img srcset>`. */
  srcset: string;
}

/** Message ids of refused uploads (the API's `fields.file`; en/ru/sr in locales/). */
export const PHOTO_ERRORS = {
  type: "photo.error.type",
  tooLarge: "photo.error.tooLarge",
  tooManyPixels: "photo.error.tooManyPixels",
  tooHeavy: "photo.error.tooHeavy",
  tooMany: "photo.error.tooMany",
  unreadable: "photo.error.unreadable",
  order: "photo.error.order",
  busy: "photo.error.busy",
  /** A profile picture replaced by another upload of the same account meanwhile (409). */
  changed: "photo.error.changed",
} as const;
