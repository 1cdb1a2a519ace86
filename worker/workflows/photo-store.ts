/**
 * The photo pipeline (decision 031): an upload becomes a private master — the camera's
 * orientation applied, at most PHOTO_MASTER_MAX_SIDE, re-encoded from pixels so no metadata survives —
 * and public WebP variants at PHOTO_WIDTHS rendered from it with the owner's rotation. Keys carry a
 * random token that changes with every rendering, so a variant's URL never changes what it shows.
 * The uploaded file itself is not kept.
 */
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH, articleCoverSizes } from "#shared/article-image.ts";
import { AVATAR_SIDES, PHOTO_MASTER_MAX_SIDE, PHOTO_MASTER_QUALITY, PHOTO_VARIANT_QUALITY } from "#shared/constants.ts";
import { avatarSides, photoVariants, srcsetOf, variantSizes } from "#shared/photo-variants.ts";
import type { ApiListingPhoto, ApiPhotoVariant } from "#shared/api/listing-photos.ts";
import { photoFingerprint, type PhotoFingerprint } from "./photo-fingerprint.ts";
import { crop, downscale, orientInPlace, type Pixels, ROTATION_ORIENTATION } from "./photo-pixels.ts";
import type { decodePhoto, EncodeWebp, webpEncoder } from "./photo-codec.ts";
import {
  renderAvatarByService,
  renderCoverByService,
  renderPhotoByService,
  rerenderPhotoByService,
  UnreadableByService,
} from "./photo-images.ts";
import { coverSize, fitSize } from "./photo-scale.ts";
import { type SniffedPhoto, sniffPhoto } from "./photo-sniff.ts";

interface PhotoCodecs {
  decodePhoto: typeof decodePhoto;
  webpEncoder: typeof webpEncoder;
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

/**
 * Where photos are kept and made: the R2 bucket, and Cloudflare's Images binding when the Worker has one
 * (decision 096) — else the isolate's own codecs decode and encode (decision 054).
 */
export interface PhotoBindings {
  PHOTOS: R2Bucket;
  IMAGES?: ImagesBinding;
}

/** Null when the service could not read the pixels (as the isolate's decoder answers null). */
async function unlessUnreadable<T>(rendering: Promise<T>): Promise<T | null> {
  try {
    return await rendering;
  } catch (error) {
    if (error instanceof UnreadableByService) return null;
    throw error;
  }
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

/** Encoded objects, rendered before any is stored: the pixels they come from are never held across a wait. */
export type Rendered = { object: string; bytes: Uint8Array }[];

/** Stores `rendered` in order; on a failure deletes what was stored and throws. */
async function putAll(bucket: R2Bucket, rendered: Rendered) {
  const stored: string[] = [];
  try {
    for (const { object, bytes } of rendered) {
      await bucket.put(object, bytes, WEBP);
      stored.push(object);
    }
  } catch (error) {
    await bucket.delete(stored);
    throw error;
  }
}

/**
 * Renders the variants of `master` turned by `rotation`: the new key, the served size and the objects.
 * The master is turned and scaled down in place (decision 054): it is spent.
 */
function renderVariants(encodeWebp: EncodeWebp, master: Pixels, rotation: number) {
  const turned = orientInPlace(master, ROTATION_ORIENTATION[rotation] ?? 1);
  const photoKey = newKey();
  const sizes = variantSizes(turned.width, turned.height);
  // Largest first, each from the next larger one over it: cheaper than each from the master, as sharp,
  // and no memory beside the master's.
  let source = turned;
  const rendered: Rendered = [];
  for (const size of [...sizes].reverse()) {
    source = downscale(source, size.width, size.height, true);
    rendered.push({ object: variantObject(photoKey, size.width), bytes: encodeWebp(source, PHOTO_VARIANT_QUALITY) });
  }
  return { photoKey, width: turned.width, height: turned.height, rendered };
}

/**
 * Stores a new photo: the master and the variants (rotation 0); null when its pixels do not decode
 * (truncated or corrupt behind a valid header). A failure to store throws.
 */
export async function storePhoto(bindings: PhotoBindings, bytes: Uint8Array, sniffed: SniffedPhoto) {
  const { decodePhoto, webpEncoder } = codecs();
  if (bindings.IMAGES) {
    const photoKey = newKey();
    const rendered = await unlessUnreadable(
      renderPhotoByService(bindings.IMAGES, decodePhoto, bytes, sniffed, (width) => variantObject(photoKey, width)),
    );
    if (!rendered) return null;
    return stored(bindings.PHOTOS, { photoKey, ...rendered });
  }
  const encodeWebp = await webpEncoder();
  // Decoded already scaled down to the master's size, and everything encoded while those pixels still lie in
  // the decoder's memory (decision 054): the full-size pixels never exist, the master is copied only to turn it.
  const decoded = await decodePhoto(bytes, sniffed, fitSize(sniffed, PHOTO_MASTER_MAX_SIDE), (scaled) => {
    // Turned where it lies (in the decoder's memory or the one scaled copy): no second master.
    const master = orientInPlace(scaled, sniffed.orientation);
    const masterBytes = encodeWebp(master, PHOTO_MASTER_QUALITY);
    return { masterBytes, fingerprint: photoFingerprint(master), ...renderVariants(encodeWebp, master, 0) };
  });
  if (!decoded) return null;
  return stored(bindings.PHOTOS, decoded.value);
}

/** Stores a new photo's master and variants: its keys, size, fingerprint and objects. */
async function stored(
  bucket: R2Bucket,
  photo: {
    masterBytes: Uint8Array;
    rendered: Rendered;
    photoKey: string;
    width: number;
    height: number;
    fingerprint: PhotoFingerprint | null;
  },
) {
  const { masterBytes, rendered, ...kept } = photo;
  const masterKey = `${MASTERS_PREFIX}${newKey()}.webp`;
  await putAll(bucket, [{ object: masterKey, bytes: masterBytes }, ...rendered]);
  return { masterKey, ...kept, objects: rendered.map((r) => r.object) };
}

/** Re-renders a photo's variants from its master at `rotation`; the old variants are deleted. */
export async function rerenderPhoto(
  bindings: PhotoBindings,
  photo: { master_key: string; photo_key: string; width: number; height: number },
  rotation: number,
) {
  const object = await bindings.PHOTOS.get(photo.master_key);
  if (!object) throw new Error(`photo master ${photo.master_key} is missing`);
  const { decodePhoto, webpEncoder } = codecs();
  const bytes = new Uint8Array(await object.arrayBuffer());
  const sniffed = sniffPhoto(bytes);
  if (typeof sniffed !== "object" || sniffed?.format !== "webp")
    throw new Error(`photo master ${photo.master_key} is no WebP`);
  if (bindings.IMAGES) {
    const photoKey = newKey();
    const { rendered, ...size } = await rerenderPhotoByService(
      bindings.IMAGES,
      decodePhoto,
      bytes,
      sniffed,
      rotation,
      (width) => variantObject(photoKey, width),
    );
    await putAll(bindings.PHOTOS, rendered);
    return { photoKey, ...size, objects: rendered.map((r) => r.object) };
  }
  const encodeWebp = await webpEncoder();
  const decoded = await decodePhoto(bytes, sniffed, sniffed, (master) => renderVariants(encodeWebp, master, rotation));
  if (!decoded) throw new Error(`photo master ${photo.master_key} does not decode`);
  const { rendered, ...variants } = decoded.value;
  await putAll(bindings.PHOTOS, rendered);
  return { ...variants, objects: rendered.map((r) => r.object) };
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
export async function storeAvatar(bindings: PhotoBindings, bytes: Uint8Array, sniffed: SniffedPhoto) {
  const { decodePhoto, webpEncoder } = codecs();
  const key = newKey();
  if (bindings.IMAGES) {
    const rendered = await unlessUnreadable(
      renderAvatarByService(bindings.IMAGES, bytes, sniffed, (side) => variantObject(key, side)),
    );
    if (!rendered) return null;
    await putAll(bindings.PHOTOS, rendered.rendered);
    return { key, side: rendered.largest, objects: rendered.rendered.map((r) => r.object) };
  }
  const encodeWebp = await webpEncoder();
  // Decoded already scaled down, then cut and turned: the full-size pixels never exist.
  const decoded = await decodePhoto(bytes, sniffed, coverSize(sniffed, Math.max(...AVATAR_SIDES)), (small) => {
    const largest = Math.min(small.width, small.height);
    const square = crop(
      small,
      Math.floor((small.width - largest) / 2),
      Math.floor((small.height - largest) / 2),
      largest,
    );
    // Turned and scaled down where it lies: the decoder's memory or the one scaled copy.
    let source = orientInPlace(square, sniffed.orientation);
    const rendered: Rendered = [];
    for (const size of [...avatarSides(largest)].reverse()) {
      source = downscale(source, size, size, true);
      rendered.push({ object: variantObject(key, size), bytes: encodeWebp(source, PHOTO_VARIANT_QUALITY) });
    }
    return { largest, rendered };
  });
  if (!decoded) return null;
  const { largest, rendered } = decoded.value;
  await putAll(bindings.PHOTOS, rendered);
  return { key, side: largest, objects: rendered.map((r) => r.object) };
}

/** The R2 objects of an article cover stored under `key` whose largest variant is `width` px wide. */
export const coverObjects = (key: string, width: number) =>
  articleCoverSizes(width).map((s) => variantObject(key, s.width));

/**
 * Stores an article's cover (decision 059): the photo upright by its EXIF orientation, cut at its centre to
 * the article picture's frame (1200 × 630), re-encoded as WebP at ARTICLE_COVER_WIDTHS (or its own width
 * when smaller) — no metadata and no original kept. Null when its pixels do not decode.
 */
export async function storeCover(bindings: PhotoBindings, bytes: Uint8Array, sniffed: SniffedPhoto) {
  const { decodePhoto, webpEncoder } = codecs();
  const key = newKey();
  if (bindings.IMAGES) {
    const rendered = await unlessUnreadable(
      renderCoverByService(bindings.IMAGES, bytes, sniffed, (width) => variantObject(key, width)),
    );
    if (!rendered) return null;
    await putAll(bindings.PHOTOS, rendered.rendered);
    return { key, width: rendered.width, objects: rendered.rendered.map((r) => r.object) };
  }
  const encodeWebp = await webpEncoder();
  // Orientations 5–8 turn the picture by a quarter: its upright width is the stored height.
  const turned = sniffed.orientation >= 5;
  const upright = turned ? { width: sniffed.height, height: sniffed.width } : sniffed;
  // Decoded at the smallest size that still covers the frame (never scaled up).
  const scale = Math.min(1, Math.max(ARTICLE_IMAGE_WIDTH / upright.width, ARTICLE_IMAGE_HEIGHT / upright.height));
  const target = {
    width: Math.max(1, Math.round(sniffed.width * scale)),
    height: Math.max(1, Math.round(sniffed.height * scale)),
  };
  const decoded = await decodePhoto(bytes, sniffed, target, (small) => {
    const oriented = orientInPlace(small, sniffed.orientation);
    // The largest frame-shaped part at the centre.
    const width = Math.min(oriented.width, Math.floor((oriented.height * ARTICLE_IMAGE_WIDTH) / ARTICLE_IMAGE_HEIGHT));
    const height = Math.min(oriented.height, Math.round((width * ARTICLE_IMAGE_HEIGHT) / ARTICLE_IMAGE_WIDTH));
    let source = crop(
      oriented,
      Math.floor((oriented.width - width) / 2),
      Math.floor((oriented.height - height) / 2),
      width,
      height,
    );
    const rendered: Rendered = [];
    for (const size of [...articleCoverSizes(width)].reverse()) {
      source = downscale(source, size.width, size.height, true);
      rendered.push({ object: variantObject(key, size.width), bytes: encodeWebp(source, PHOTO_VARIANT_QUALITY) });
    }
    return { width, rendered };
  });
  if (!decoded) return null;
  const { width, rendered } = decoded.value;
  await putAll(bindings.PHOTOS, rendered);
  return { key, width, objects: rendered.map((r) => r.object) };
}
