/**
 * A square picture sent as a form's `image` file — a person's profile picture or an agency's logo
 * (decisions 050, 104): through the photo pipeline's admission and limits (type by its bytes 415, size and
 * pixels 413, undecodable 415) into R2 as square WebP variants, or the refusal to answer with.
 */
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { admitPhoto, type PhotoRefusal, UNREADABLE_PHOTO } from "./photo-admission.ts";
import { type PhotoBindings, storeAvatar } from "./photo-store.ts";

type UploadRefusal = Omit<PhotoRefusal, "status"> & { status: 400 | 413 | 415 };

export async function storeUploadedAvatar(
  bindings: PhotoBindings,
  form: FormData,
): Promise<{ stored: { key: string; side: number; objects: string[] } } | { refusal: UploadRefusal }> {
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) {
    return {
      refusal: { status: 400, code: "invalid_input", message: "Invalid image", error: "auth.invalid.imageMissing" },
    };
  }
  if (file.size > PHOTO_MAX_BYTES) {
    const message = `A photo may have at most ${PHOTO_MAX_BYTES} bytes`;
    return { refusal: { status: 413, code: "photo_too_large", message, error: PHOTO_ERRORS.tooLarge } };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const admitted = admitPhoto(bytes, bindings);
  if ("refusal" in admitted) return admitted;
  const stored = await storeAvatar(bindings, bytes, admitted.photo);
  return stored ? { stored } : { refusal: UNREADABLE_PHOTO };
}
