/** The wizard's photos step (issue 18). Placeholder interface: the photos step is being built. */
import type { PhotosActionResult, PhotosStepData } from "./photos-step-types.ts";

export function PhotosStep({ data }: { listingId: number; data: PhotosStepData; result?: PhotosActionResult }) {
  return <p>{data.photos.length}</p>;
}
