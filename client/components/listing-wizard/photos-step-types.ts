/** What the wizard's photos step exchanges between its server part and its component. */
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";

/** The message scopes the photos step shows (the wizard route adds them to its page's). */
export const PHOTOS_STEP_MESSAGE_SCOPES = ["photo"] as const;

/** What the photos step renders: the listing's photos in order (the first is the cover). */
export interface PhotosStepData {
  photos: ApiListingPhoto[];
}

/** A file of a no-JS upload that was not stored, and why (a message id of photo.error.* or form.error.*). */
export interface PhotoUploadFailure {
  name: string;
  error: string;
}

/** The result of a photo form post that re-renders the step (a redirect is thrown instead on success). */
export interface PhotosActionResult {
  /** A localized message id to show above the photos. */
  error?: string;
  /** The files of an upload that were refused (the others were stored). */
  failures?: PhotoUploadFailure[];
  /** How many files of that upload were stored. */
  uploaded?: number;
}
