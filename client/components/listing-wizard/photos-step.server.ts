/**
 * The wizard's photos step on the server: what the step shows and the form posts it answers (intents
 * beginning with `photo-`), which work without JavaScript (decision 034). The wizard
 * route (routes/listing/edit.tsx) delegates to these two functions; each post goes to the API in-process
 * as the visitor, and a post that changed something answers with a redirect back to the step (PRG).
 */
import { redirect } from "react-router";
import { PHOTO_ROTATIONS, type PhotoRotation } from "#shared/constants.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import { type FailedResult, formProblem } from "#client/api/form-problem.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import type { PhotosActionResult, PhotosStepData, PhotoUploadFailure } from "./photos-step-types.ts";
import { makeCover, moveBy } from "./photos-order.ts";

export async function photosStepData(args: RequestArgs, listingId: number): Promise<PhotosStepData> {
  const result = await args.context.get(appContext).api.listingPhotos(listingId);
  if (result.ok) return { photos: result.data.items };
  if (result.status === 404) throw notFound(new URL(args.request.url));
  throw unavailable();
}

/** The message id a failed call shows: the API's `file`/`ids`/`id`/`angle` field message, or the failure's. */
const problemOf = (result: FailedResult) => {
  const { fields, error } = formProblem(result, { file: "file", ids: "file", id: "file", angle: "file" });
  return fields.file ?? error ?? "form.error.generic";
};

/** Back to the step as a GET (post/redirect/get): a reload does not post again. */
function backToStep(args: RequestArgs): never {
  const url = new URL(args.request.url);
  throw redirect(`${url.pathname}?step=photos`);
}

const int = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;

export async function photosStepAction(
  args: RequestArgs,
  form: FormData,
  listingId: number,
): Promise<PhotosActionResult> {
  const { api } = args.context.get(appContext);
  const intent = form.get("intent");

  if (intent === "photo-upload") {
    // An empty file input still posts one nameless, empty file.
    const files = form.getAll("file").filter((file): file is File => typeof file !== "string" && file.size > 0);
    if (!files.length) return { error: "photo.step.noFiles" };
    const failures: PhotoUploadFailure[] = [];
    let uploaded = 0;
    // One at a time, in the order chosen: the order is the photos' order.
    for (const file of files) {
      const result = await api.uploadPhoto(listingId, file, file.name);
      if (result.ok) uploaded += 1;
      else if (result.status === 404) throw notFound(new URL(args.request.url));
      else failures.push({ name: file.name, error: problemOf(result) });
    }
    if (!failures.length) backToStep(args);
    return { failures, uploaded };
  }

  const photoId = int(form.get("photo"));
  if (photoId === null) return { error: "form.error.generic" };

  let result;
  if (intent === "photo-rotate") {
    const angle = Number(form.get("angle"));
    if (!PHOTO_ROTATIONS.includes(angle as PhotoRotation)) return { error: "form.error.generic" };
    result = await api.rotatePhoto(photoId, angle as PhotoRotation);
  } else if (intent === "photo-delete") {
    result = await api.deletePhoto(photoId);
  } else if (intent === "photo-move" || intent === "photo-cover") {
    const current = await api.listingPhotos(listingId);
    if (!current.ok) {
      if (current.status === 404) throw notFound(new URL(args.request.url));
      return { error: problemOf(current) };
    }
    const ids = current.data.items.map((photo) => photo.id);
    const order =
      intent === "photo-cover" ? makeCover(ids, photoId) : moveBy(ids, photoId, form.get("to") === "earlier" ? -1 : 1);
    if (order === ids) backToStep(args);
    result = await api.orderPhotos(listingId, [...order]);
  } else {
    return { error: "form.error.generic" };
  }
  if (!result.ok) {
    if (result.status === 404) throw notFound(new URL(args.request.url));
    return { error: problemOf(result) };
  }
  backToStep(args);
}
