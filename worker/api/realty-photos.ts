/**
 * Listing photos (decision 031), the owner's only — anyone else, and a missing listing
 * or photo, gets a 404:
 * - `POST /api/realty/edit/image` (multipart `id`, `file`) → 201 the photo; the type is read from the
 *   bytes (415), the size and pixel count checked before decoding (413), PHOTOS_PER_LISTING per listing (409);
 *   a refused upload stores nothing; one added to an approved listing is `pending` until a moderator
 *   approves it (decision 053), while deleting, turning and ordering apply at once;
 * - `POST /api/realty/edit/image/rotate {"id", "angle"}` → 200 the photo turned clockwise by `angle` more;
 *   409 `photo_busy` while another rotation of it runs, 429 past PHOTO_ROTATIONS_PER_USER_PER_HOUR;
 * - `POST /api/realty/edit/image/order {"id": listingId, "ids"}` → 200 the photos in that order (first = cover);
 * - `DELETE /api/realty/edit/image/{id}` → 204; the photo, its files and the edge's copies are gone;
 * - `GET /api/realty/edit/{id}/images` → 200 `{items, total}`: the listing's photos in order (first = cover), for the
 *   wizard's photos step (decision 034).
 */
import { type Context, Hono } from "hono";
import {
  PHOTO_MAX_BYTES,
  PHOTO_ROTATION_LEASE_MS,
  PHOTO_ROTATIONS_PER_USER_PER_HOUR,
  PHOTO_UPLOADS_PER_USER_PER_HOUR,
  PHOTOS_PER_LISTING,
} from "#shared/constants.ts";
import {
  OrderPhotosBody,
  PHOTO_ERRORS,
  PhotoListingId,
  PhotoParam,
  RotatePhotoBody,
} from "#shared/api/listing-photos.ts";
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  claimRotation,
  countListingImages,
  deletePhoto,
  insertPhoto,
  mayEditPhotos,
  listingPhotos,
  photoById,
  releaseRotation,
  reorderPhotos,
  updatePhotoRotation,
} from "#worker/db/images.ts";
import { pruneRevision, submitRevisionPhotos } from "#worker/db/listing-revisions.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import {
  apiPhoto,
  photoObjects,
  removePhotoObjects,
  rerenderPhoto,
  storePhoto,
  variantObjects,
} from "#worker/workflows/photo-store.ts";
import { admitPhoto, UNREADABLE_PHOTO } from "#worker/workflows/photo-admission.ts";
import { photoBindings } from "#worker/http/photo-bindings.ts";
import { valid } from "./validate.ts";

const BASE = "/realty/edit/image";
const LIST = "/realty/edit/:id/images";
const userId = (c: Context<AppEnv>) => c.get("user")!.id;
const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;
const notFound = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such listing or photo");
const busy = (c: Context<AppEnv>) =>
  apiError(c, 409, "photo_busy", "The photo is being turned; try again when that is done", { id: PHOTO_ERRORS.busy });
const refused = (c: Context<AppEnv>, status: 409 | 413 | 415, code: string, message: string, id: string) =>
  apiError(c, status, code, message, { file: id });

/** The pixels do not decode, or the photo is gone meanwhile. */
const unreadable = (c: Context<AppEnv>) =>
  refused(c, UNREADABLE_PHOTO.status, UNREADABLE_PHOTO.code, UNREADABLE_PHOTO.message, UNREADABLE_PHOTO.error);

export const realtyPhotos = new Hono<AppEnv>();
realtyPhotos.use(`${BASE}`, requireAuth);
realtyPhotos.use(`${BASE}/*`, requireAuth);
realtyPhotos.use(LIST, requireAuth);
realtyPhotos.use(`${BASE}/*`, async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

/** The photo if the signed-in user owns its listing or manages its agency (decision 098). */
async function ownPhoto(c: Context<AppEnv>, imageId: number) {
  const photo = await photoById(c.env.DB, imageId);
  if (!photo) return null;
  return photo.owner_id === userId(c) || (await mayEditPhotos(c.env.DB, photo.listing_id, userId(c))) ? photo : null;
}

realtyPhotos
  .get(LIST, valid("param", PhotoParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await mayEditPhotos(c.env.DB, id, userId(c)))) return notFound(c);
    c.header("Cache-Control", "private, no-store");
    const items = (await listingPhotos(c.env.DB, id)).map(apiPhoto);
    return c.json({ items, total: items.length });
  })
  .post(
    BASE,
    throttle((c) => [perUser(c, "photo-upload", PHOTO_UPLOADS_PER_USER_PER_HOUR, 3600)], { field: "file" }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!/^multipart\/form-data/i.test(type)) {
        return apiError(c, 415, "unsupported_media_type", "Send multipart/form-data", { body: INVALID.format });
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return apiError(c, 400, "invalid_input", "Malformed multipart body", { body: INVALID.format });
      }
      const parsedId = v.safeParse(PhotoListingId, form.get("id") ?? undefined);
      if (!parsedId.success)
        return apiError(c, 400, "invalid_input", "Invalid id", { id: parsedId.issues[0]!.message });
      const file = form.get("file");
      if (!(file instanceof File)) return apiError(c, 400, "invalid_input", "Invalid file", { file: INVALID.required });
      const listingId = parsedId.output;
      if (!(await mayEditPhotos(c.env.DB, listingId, userId(c)))) return notFound(c);
      if (file.size > PHOTO_MAX_BYTES) {
        return refused(
          c,
          413,
          "photo_too_large",
          `A photo may have at most ${PHOTO_MAX_BYTES} bytes`,
          PHOTO_ERRORS.tooLarge,
        );
      }
      if ((await countListingImages(c.env.DB, listingId)) >= PHOTOS_PER_LISTING) {
        return refused(
          c,
          409,
          "too_many_photos",
          `A listing has at most ${PHOTOS_PER_LISTING} photos`,
          PHOTO_ERRORS.tooMany,
        );
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const admitted = admitPhoto(bytes, photoBindings(c));
      if ("refusal" in admitted) {
        const { status, code, message, error } = admitted.refusal;
        return refused(c, status, code, message, error);
      }
      const sniffed = admitted.photo;
      const stored = await storePhoto(photoBindings(c), bytes, sniffed);
      // The structure was whole but the pixels do not decode (corrupt).
      if (!stored) return unreadable(c);
      const inserted = await insertPhoto(
        c.env.DB,
        {
          listingId,
          photoKey: stored.photoKey,
          masterKey: stored.masterKey,
          width: stored.width,
          height: stored.height,
          now: nowOf(c),
          fingerprint: stored.fingerprint,
        },
        PHOTOS_PER_LISTING,
      );
      if (inserted === null) {
        await c.env.PHOTOS.delete([stored.masterKey, ...stored.objects]);
        if (!(await mayEditPhotos(c.env.DB, listingId, userId(c)))) return notFound(c);
        return refused(
          c,
          409,
          "too_many_photos",
          `A listing has at most ${PHOTOS_PER_LISTING} photos`,
          PHOTO_ERRORS.tooMany,
        );
      }
      // Added to an approved listing: a moderator sees it before the public does (decision 053).
      if (inserted.state === "pending") await submitRevisionPhotos(c.env.DB, listingId, nowOf(c));
      const row = await photoById(c.env.DB, inserted.id);
      return c.json({ data: apiPhoto(row!) }, 201);
    },
  )
  .post(
    `${BASE}/rotate`,
    throttle((c) => [perUser(c, "photo-rotate", PHOTO_ROTATIONS_PER_USER_PER_HOUR, 3600)], { field: "angle" }),
    valid("json", RotatePhotoBody),
    async (c) => {
      const { id, angle } = c.req.valid("json");
      if (!(await ownPhoto(c, id))) return notFound(c);
      // One rotation of a photo at a time (decision 050): another one answers 409 at once, before any work.
      const now = nowOf(c);
      const photo = await claimRotation(c.env.DB, id, now, now + PHOTO_ROTATION_LEASE_MS);
      if (!photo) return (await ownPhoto(c, id)) ? busy(c) : notFound(c);
      const rotation = (photo.rotation + angle) % 360;
      let rendered: Awaited<ReturnType<typeof rerenderPhoto>> | null = null;
      let written: boolean;
      try {
        rendered = await rerenderPhoto(photoBindings(c), photo, rotation);
        written = await updatePhotoRotation(c.env.DB, id, photo.photo_key, {
          photoKey: rendered.photoKey,
          rotation,
          width: rendered.width,
          height: rendered.height,
        });
      } catch (error) {
        if (rendered) await removePhotoObjects(c.env.PHOTOS, origin(c), rendered.objects);
        await releaseRotation(c.env.DB, id);
        throw error;
      }
      // Either the old variants or the new ones are nobody's now: their URLs are immutable, so they are
      // removed rather than overwritten.
      await removePhotoObjects(c.env.PHOTOS, origin(c), written ? variantObjects(photo) : rendered.objects);
      // Not written: the photo was deleted meanwhile, or turned by a rotation that outlived its hold.
      if (!written) return (await ownPhoto(c, id)) ? busy(c) : notFound(c);
      return c.json({ data: apiPhoto((await photoById(c.env.DB, id))!) });
    },
  )
  .post(`${BASE}/order`, valid("json", OrderPhotosBody), async (c) => {
    const { id, ids } = c.req.valid("json");
    if (!(await mayEditPhotos(c.env.DB, id, userId(c)))) return notFound(c);
    const photos = await listingPhotos(c.env.DB, id);
    const known = new Set(photos.map((photo) => photo.id));
    const complete =
      ids.length === photos.length &&
      new Set(ids).size === ids.length &&
      ids.every((imageId) => known.has(imageId)) &&
      (await countListingImages(c.env.DB, id)) === photos.length;
    if (!complete)
      return apiError(c, 400, "invalid_input", "ids must list each of the listing's photos once", {
        ids: PHOTO_ERRORS.order,
      });
    await reorderPhotos(c.env.DB, id, ids);
    return c.json({ data: (await listingPhotos(c.env.DB, id)).map(apiPhoto) });
  })
  .delete(`${BASE}/:id`, valid("param", PhotoParam), async (c) => {
    const photo = await ownPhoto(c, c.req.valid("param").id);
    if (!photo) return notFound(c);
    // The objects of the row as it was deleted: a rotation that finished meanwhile changed its key.
    const deleted = await deletePhoto(c.env.DB, photo.id);
    if (!deleted) return notFound(c);
    // The last photo that waited for a moderator may have been the only change.
    if (photo.state === "pending") await pruneRevision(c.env.DB, photo.listing_id);
    await removePhotoObjects(c.env.PHOTOS, origin(c), photoObjects(deleted));
    return c.body(null, 204);
  });
