/**
 * Whether an uploaded file may enter the photo pipeline, read from its bytes before anything is decoded:
 * one rule for listing photos and profile pictures (decisions 031, 046, 050).
 */
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_DECODE_MAX_BYTES, PHOTO_MAX_PIXELS } from "#shared/constants.ts";
import { decodeBytes, type SniffedPhoto, sniffPhoto, UNREADABLE } from "./photo-sniff.ts";

export interface PhotoRefusal {
  status: 413 | 415;
  code: string;
  message: string;
  /** The field's message id (PHOTO_ERRORS). */
  error: string;
}

export const UNREADABLE_PHOTO: PhotoRefusal = {
  status: 415,
  code: "unreadable_photo",
  message: "The photo cannot be read",
  error: PHOTO_ERRORS.unreadable,
};

/**
 * The sniffed photo, or why it is refused: not an accepted image, cut short or malformed, too big to decode.
 * The decoder's memory bounds only photos decoded in the isolate: the Images binding decodes elsewhere
 * (decision 096), and every other rule holds for both.
 */
export function admitPhoto(
  bytes: Uint8Array,
  bindings: { IMAGES?: ImagesBinding },
): { photo: SniffedPhoto } | { refusal: PhotoRefusal } {
  const sniffed = sniffPhoto(bytes);
  if (!sniffed) {
    return {
      refusal: {
        status: 415,
        code: "unsupported_photo_type",
        message: "Send a JPEG, PNG or WebP photo",
        error: PHOTO_ERRORS.type,
      },
    };
  }
  if (sniffed === UNREADABLE) return { refusal: UNREADABLE_PHOTO };
  if (sniffed.width * sniffed.height > PHOTO_MAX_PIXELS) {
    return {
      refusal: {
        status: 413,
        code: "photo_too_many_pixels",
        message: `A photo may have at most ${PHOTO_MAX_PIXELS} pixels`,
        error: PHOTO_ERRORS.tooManyPixels,
      },
    };
  }
  if (!bindings.IMAGES && decodeBytes(sniffed, bytes.length) > PHOTO_DECODE_MAX_BYTES) {
    return {
      refusal: {
        status: 413,
        code: "photo_too_heavy",
        message: `Decoding this photo would take more than ${PHOTO_DECODE_MAX_BYTES} bytes of memory`,
        error: PHOTO_ERRORS.tooHeavy,
      },
    };
  }
  return { photo: sniffed };
}
