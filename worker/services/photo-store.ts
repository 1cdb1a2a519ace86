/**
 * The photo pipeline (issue 18 item 4, decision 031): an upload becomes a private master — the camera's
 * orientation applied, at most PHOTO_MASTER_MAX_SIDE, re-encoded from pixels so no metadata survives —
 * and public WebP variants at PHOTO_WIDTHS rendered from it with the owner's rotation. Keys carry a
 * random token that changes with every rendering, so a variant's URL never changes what it shows.
 * The uploaded file itself is not kept.
 */
import { AVATAR_SIDES, PHOTO_MASTER_MAX_SIDE, PHOTO_MASTER_QUALITY, PHOTO_VARIANT_QUALITY } from "#shared/constants.ts";
import { avatarSides, photoVariants, srcsetOf, variantSizes } from "#shared/photo-variants.ts";
import type { ApiListingPhoto, ApiPhotoVariant } from "#shared/api/listing-photos.ts";
import { photoFingerprint } from "./photo-fingerprint.ts";
import { crop, downscale, orient, type Pixels, ROTATION_ORIENTATION } from "./photo-pixels.ts";
import type { decodePhoto, encodeWebp } from "./photo-codec.ts";
import { type SniffedPhoto, sniffPhoto } from "./photo-sniff.ts";

interface PhotoCodecs {
  decodePhoto: typeof decodePhoto;
  encodeWebp: typeof encodeWebp;
}
let installed: PhotoCodecs | null = null;

/**
 * The WASM codecs are given by the worker's entry side (worker/images/photos.ts), not imported here:
 * their emscripten glue assigns to `import.meta.url`, which vitest's module transform cannot load, so
 * tests that import the API's routes directly must not reach it (and a lazily imported chunk is
 * transformed the same way). In the built worker they are always installed before a request.
 */
export function installPhotoCodecs(codecs: PhotoCodecs) {
  installed = codecs;
}

function codecs(): PhotoCodecs {
  if (!installed) throw new Error("photo codecs are not installed (worker/images/photos.ts)");
  return installed;
}

const VARIANTS_PREFIX = "photos/";
const MASTERS_PREFIX = "masters/";
const WEBP = { httpMetadata: { contentType: "image/webp" } };

/** A fresh key: unguessable, and never used for other pixels. */
const newKey = () => crypto.randomUUID().replaceAll("-", "");

export const variantObject = (photoKey: string, width: number) => `${VARIANTS_PREFIX}${photoKey}-${width}.webp`;

/** The Cache API cache the variants route keeps its answers in (worker/images/photos.ts). */
export const PHOTO_CACHE = "photos";

/** A variant's entry in that cache: its URL on the site's origin (the object's key is its path). */
export const photoCacheKey = (origin: string, object: string) => new Request(new URL(`/${object}`, origin));

/**
 * Deletes a photo's objects from R2 and its variants from this location's edge cache, so their URLs
 * answer 404 from here on (other locations: decision 050).
 */
export async function removePhotoObjects(bucket: R2Bucket, origin: string, objects: readonly string[]) {
  if (!objects.length) return;
  await bucket.delete([...objects]);
  const cache = await caches.open(PHOTO_CACHE);
  await Promise.all(
    objects.filter((o) => o.startsWith(VARIANTS_PREFIX)).map((o) => cache.delete(photoCacheKey(origin, o))),
  );
}

/** What the API answers of a stored photo. */
export function apiPhoto(row: {
  id: number;
  listing_id: number;
  position: number;
  width: number;
  height: number;
  rotation: number;
  photo_key: string;
  state: "public" | "pending";
}): ApiListingPhoto {
  const variants: ApiPhotoVariant[] = photoVariants(row.photo_key, row.width, row.height);
  const largest = variants.at(-1)!;
  return {
    id: row.id,
    listing_id: row.listing_id,
    position: row.position,
    url: largest.url,
    width: largest.width,
    height: largest.height,
    rotation: row.rotation,
    pending: row.state === "pending",
    variants,
    srcset: srcsetOf(variants),
  };
}

/** Scales `pixels` so that neither side exceeds `side`. */
function fit(pixels: Pixels, side: number): Pixels {
  const scale = Math.min(1, side / Math.max(pixels.width, pixels.height));
  if (scale === 1) return pixels;
  return downscale(
    pixels,
    Math.max(1, Math.round(pixels.width * scale)),
    Math.max(1, Math.round(pixels.height * scale)),
  );
}

/** Renders and stores the variants of `master` turned by `rotation`: the new key and the served size. */
async function storeVariants(bucket: R2Bucket, master: Pixels, rotation: number) {
  const { encodeWebp } = codecs();
  const turned = orient(master, ROTATION_ORIENTATION[rotation] ?? 1);
  const photoKey = newKey();
  const sizes = variantSizes(turned.width, turned.height);
  // Largest first, each from the next larger one: cheaper than each from the master, and as sharp.
  let source = turned;
  const stored: string[] = [];
  try {
    for (const size of [...sizes].reverse()) {
      source = downscale(source, size.width, size.height);
      const object = variantObject(photoKey, size.width);
      await bucket.put(object, await encodeWebp(source, PHOTO_VARIANT_QUALITY), WEBP);
      stored.push(object);
    }
  } catch (error) {
    await bucket.delete(stored);
    throw error;
  }
  return { photoKey, width: turned.width, height: turned.height, objects: stored };
}

/**
 * Stores a new photo: the master and the variants (rotation 0); null when its pixels do not decode
 * (truncated or corrupt behind a valid header). A failure to store throws.
 */
export async function storePhoto(bucket: R2Bucket, bytes: Uint8Array, sniffed: SniffedPhoto) {
  const { decodePhoto, encodeWebp } = codecs();
  let scaled: Pixels;
  try {
    // Scaled inside the decoder's memory, and before it is turned: the full-size pixels are never copied.
    scaled = await decodePhoto(bytes, sniffed, (pixels) => fit(pixels, PHOTO_MASTER_MAX_SIDE));
  } catch {
    return null;
  }
  const master = orient(scaled, sniffed.orientation);
  const masterKey = `${MASTERS_PREFIX}${newKey()}.webp`;
  await bucket.put(masterKey, await encodeWebp(master, PHOTO_MASTER_QUALITY), WEBP);
  try {
    return { masterKey, fingerprint: photoFingerprint(master), ...(await storeVariants(bucket, master, 0)) };
  } catch (error) {
    await bucket.delete(masterKey);
    throw error;
  }
}

/** Re-renders a photo's variants from its master at `rotation`; the old variants are deleted. */
export async function rerenderPhoto(
  bucket: R2Bucket,
  photo: { master_key: string; photo_key: string; width: number; height: number },
  rotation: number,
) {
  const object = await bucket.get(photo.master_key);
  if (!object) throw new Error(`photo master ${photo.master_key} is missing`);
  const { decodePhoto } = codecs();
  const bytes = new Uint8Array(await object.arrayBuffer());
  const sniffed = sniffPhoto(bytes);
  if (typeof sniffed !== "object" || sniffed?.format !== "webp")
    throw new Error(`photo master ${photo.master_key} is no WebP`);
  const master = await decodePhoto(bytes, sniffed);
  const rendered = await storeVariants(bucket, master, rotation);
  return rendered;
}

/** The R2 objects of a photo's variants. */
export const variantObjects = (photo: { photo_key: string; width: number; height: number }) =>
  variantSizes(photo.width, photo.height).map((s) => variantObject(photo.photo_key, s.width));

/** Every R2 object of a photo: its master and its variants. */
export function photoObjects(photo: { master_key: string; photo_key: string; width: number; height: number }) {
  return [photo.master_key, ...variantObjects(photo)];
}

/** The R2 objects of a profile picture stored under `key` with the largest side `side`. */
export const avatarObjects = (key: string, side: number) => avatarSides(side).map((s) => variantObject(key, s));

/**
 * Stores a profile picture: the photo upright by its EXIF orientation, cut to the square at its centre,
 * re-encoded as WebP at AVATAR_SIDES (or its own side when smaller) — no metadata and no original kept.
 * Null when its pixels do not decode. The variants live beside listing photos' and are served alike.
 */
export async function storeAvatar(bucket: R2Bucket, bytes: Uint8Array, sniffed: SniffedPhoto) {
  const { decodePhoto, encodeWebp } = codecs();
  let small: Pixels;
  try {
    // Scaled inside the decoder's memory, before it is cut and turned: the full-size pixels are never copied.
    small = await decodePhoto(bytes, sniffed, (pixels) => {
      const side = Math.min(pixels.width, pixels.height, Math.max(...AVATAR_SIDES));
      const scale = side / Math.min(pixels.width, pixels.height);
      return downscale(
        pixels,
        Math.max(side, Math.round(pixels.width * scale)),
        Math.max(side, Math.round(pixels.height * scale)),
      );
    });
  } catch {
    return null;
  }
  const largest = Math.min(small.width, small.height);
  const square = crop(
    small,
    Math.floor((small.width - largest) / 2),
    Math.floor((small.height - largest) / 2),
    largest,
  );
  const upright = orient(square, sniffed.orientation);
  const key = newKey();
  const stored: string[] = [];
  try {
    let source = upright;
    for (const size of [...avatarSides(largest)].reverse()) {
      source = downscale(source, size, size);
      const object = variantObject(key, size);
      await bucket.put(object, await encodeWebp(source, PHOTO_VARIANT_QUALITY), WEBP);
      stored.push(object);
    }
  } catch (error) {
    await bucket.delete(stored);
    throw error;
  }
  return { key, side: largest, objects: stored };
}
