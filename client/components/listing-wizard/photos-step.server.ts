/**
 * The wizard's photos step on the server: what the step shows and the form posts it answers (intents
 * beginning with `photo-`). The wizard route (routes/listing/edit.tsx) delegates to these two functions.
 * Placeholder interface: the photos step is being built (issue 18).
 */
import type { RequestArgs } from "#client/app-context.ts";
import type { PhotosActionResult, PhotosStepData } from "./photos-step-types.ts";

export function photosStepData(_args: RequestArgs, _listingId: number): Promise<PhotosStepData> {
  return Promise.resolve({ photos: [] });
}

export function photosStepAction(_args: RequestArgs, _form: FormData, _listingId: number): Promise<PhotosActionResult> {
  return Promise.resolve({});
}
