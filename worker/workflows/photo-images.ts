/**
 * The photo pipeline on Cloudflare's Images binding (decision 096): the service decodes, turns upright by
 * the EXIF orientation, scales and encodes, outside the isolate — so an upload costs the isolate the file's
 * bytes and the WebP it gets back, not the decoder's memory (decision 054 measured that at 83–100 MB of the
 * 128 an isolate has). The same sizes, keys and objects as the isolate's codecs (photo-codec.ts): each size
 * is asked for exactly (`squeeze` to dimensions worked out here), so the stored width and height are the
 * served ones. WebP output carries no metadata. Locally, miniflare serves the binding with sharp.
 */
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH, articleCoverSizes } from "#shared/article-image.ts";
import { AVATAR_SIDES, PHOTO_MASTER_MAX_SIDE, PHOTO_MASTER_QUALITY, PHOTO_VARIANT_QUALITY } from "#shared/constants.ts";
import { avatarSides, variantSizes } from "#shared/photo-variants.ts";
import type { decodePhoto } from "./photo-codec.ts";
import { photoFingerprint, type PhotoFingerprint } from "./photo-fingerprint.ts";
import { fitSize, type Size } from "./photo-scale.ts";
import { type SniffedPhoto, sniffPhoto } from "./photo-sniff.ts";
import type { Rendered } from "./photo-store.ts";

/** What the service is asked to make of one input: the transforms in order, then the encoding. */
interface Rendering {
  transforms: ImageTransform[];
  format: "image/webp" | "image/png";
  quality?: number;
}

/** The service could not read the pixels behind a well-formed header (corrupt or cut short). */
export class UnreadableByService extends Error {}

/** The bytes as a stream without a copy of them (a Blob would copy a 15 MB upload once per call). */
const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

async function render(images: ImagesBinding, bytes: Uint8Array, rendering: Rendering): Promise<Uint8Array> {
  let result: ImageTransformationResult;
  try {
    let transformer = images.input(streamOf(bytes));
    for (const transform of rendering.transforms) transformer = transformer.transform(transform);
    result = await transformer.output({ format: rendering.format, quality: rendering.quality });
  } catch (error) {
    // The service answers an image it cannot decode with an error of its own; a failure of the service
    // itself passes as it is (a 5xx, not the owner's fault).
    if (isImagesInputError(error)) throw new UnreadableByService(String(error));
    throw error;
  }
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}

/**
 * Errors about the input rather than the service (Cloudflare Images' codes: 9412 not an image, 9520
 * unsupported, 9422/9523 decoding failed — miniflare's stand-in gives 9523 for what sharp cannot decode).
 */
function isImagesInputError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 9412 || code === 9520 || code === 9422 || code === 9523 || /\b9(412|520|422|523)\b/.test(String(error))
  );
}

/** An exact size: the service's own rounding must not differ from the size recorded for the variant's URL. */
const exactly = (size: Size): ImageTransform => ({ width: size.width, height: size.height, fit: "squeeze" });

/**
 * The service's `rotate` turns clockwise (sharp's, miniflare's stand-in) or the other way: asked once per
 * isolate with a 2 × 1 picture whose left pixel is white, so the owner's rotation, clockwise, is what is
 * stored whichever it is. The answer is kept, not the probe's promise: a request must not wait on the
 * Images binding's I/O that another request started (workerd ends it with that request).
 */
let clockwise: boolean | undefined;

/** A 2 × 1 RGB PNG: the left pixel white, the right one black. */
const ROTATION_PROBE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWP4//8/AwMDAA74Av5LdDc0AAAAAElFTkSuQmCC";

async function turnsClockwise(images: ImagesBinding, decode: typeof decodePhoto): Promise<boolean> {
  if (clockwise !== undefined) return clockwise;
  const probe = Uint8Array.from(atob(ROTATION_PROBE_PNG), (ch) => ch.charCodeAt(0));
  const turned = await render(images, probe, { transforms: [{ rotate: 90 }], format: "image/png" });
  const sniffed = sniffPhoto(turned);
  if (typeof sniffed !== "object" || !sniffed) throw new Error("the Images binding's rotation gave no PNG");
  const decoded = await decode(turned, sniffed, sniffed, (pixels) => pixels.data[0]! > 127);
  if (!decoded) throw new Error("the Images binding's rotation gave an unreadable PNG");
  // Turned clockwise, the left pixel is on top.
  clockwise = decoded.value;
  return clockwise;
}

/** The service's `rotate` for the owner's clockwise rotation. */
async function serviceRotation(images: ImagesBinding, decode: typeof decodePhoto, rotation: number) {
  const turn = ((rotation % 360) + 360) % 360;
  if (turn === 0 || turn === 180 || (await turnsClockwise(images, decode))) return turn as 0 | 90 | 180 | 270;
  return (360 - turn) as 90 | 270;
}

/** The photo's size once turned upright by its EXIF orientation (5–8 turn it by a quarter). */
const uprightSize = (sniffed: SniffedPhoto): Size =>
  sniffed.orientation >= 5 ? { width: sniffed.height, height: sniffed.width } : sniffed;

/** The fingerprint of an encoded master: a small picture from the service, hashed as the isolate's is. */
async function fingerprintOf(
  images: ImagesBinding,
  decode: typeof decodePhoto,
  master: Uint8Array,
  size: Size,
): Promise<PhotoFingerprint | null> {
  if (size.width < 9 || size.height < 8) return null;
  // Four times the hash's 9 × 8, then area-averaged to it by the same code as the isolate's master.
  const sample = { width: Math.min(size.width, 36), height: Math.min(size.height, 32) };
  const png = await render(images, master, { transforms: [exactly(sample)], format: "image/png" });
  const sniffed = sniffPhoto(png);
  if (typeof sniffed !== "object" || !sniffed) throw new Error("the Images binding gave no PNG");
  return (await decode(png, sniffed, sniffed, photoFingerprint))?.value ?? null;
}

/** The variants of an encoded master turned by `rotation`, largest first. */
async function variantsOf(
  images: ImagesBinding,
  decode: typeof decodePhoto,
  master: Uint8Array,
  size: Size,
  rotation: number,
  object: (width: number) => string,
) {
  const rotate = await serviceRotation(images, decode, rotation);
  const turned = rotation % 180 ? { width: size.height, height: size.width } : size;
  const rendered: Rendered = [];
  for (const variant of [...variantSizes(turned.width, turned.height)].reverse()) {
    const bytes = await render(images, master, {
      transforms: [...(rotate ? [{ rotate }] : []), exactly(variant)],
      format: "image/webp",
      quality: PHOTO_VARIANT_QUALITY,
    });
    rendered.push({ object: object(variant.width), bytes });
  }
  return { width: turned.width, height: turned.height, rendered };
}

/** A new listing photo: its master (upright, at most PHOTO_MASTER_MAX_SIDE), fingerprint and variants. */
export async function renderPhotoByService(
  images: ImagesBinding,
  decode: typeof decodePhoto,
  bytes: Uint8Array,
  sniffed: SniffedPhoto,
  object: (width: number) => string,
) {
  const wanted = fitSize(uprightSize(sniffed), PHOTO_MASTER_MAX_SIDE);
  // Scaled down keeping the shape the service decoded, so that its size shows whether that was the photo the
  // header described (the size that was checked, decision 054); within a pixel of rounding, the service's
  // own size is kept.
  const masterBytes = await render(images, bytes, {
    transforms: [{ ...wanted, fit: "scale-down" }],
    format: "image/webp",
    quality: PHOTO_MASTER_QUALITY,
  });
  const made = sniffPhoto(masterBytes);
  if (typeof made !== "object" || !made) throw new Error("the Images binding gave no WebP");
  if (Math.abs(made.width - wanted.width) > 1 || Math.abs(made.height - wanted.height) > 1) {
    throw new UnreadableByService(
      `the service made ${made.width} × ${made.height}, not ${wanted.width} × ${wanted.height}`,
    );
  }
  const size = { width: made.width, height: made.height };
  const fingerprint = await fingerprintOf(images, decode, masterBytes, size);
  return { masterBytes, fingerprint, ...(await variantsOf(images, decode, masterBytes, size, 0, object)) };
}

/** A photo's variants again, from its master, turned by the owner's `rotation` (clockwise degrees). */
export function rerenderPhotoByService(
  images: ImagesBinding,
  decode: typeof decodePhoto,
  master: Uint8Array,
  size: Size,
  rotation: number,
  object: (width: number) => string,
) {
  return variantsOf(images, decode, master, size, rotation, object);
}

/**
 * The part of the upload at its centre in the shape of `sizes` (all one shape), as WebP at each size, largest
 * first: cut once, losslessly, from the upload (sent once), and every size made from that cut.
 */
async function centreCuts(
  images: ImagesBinding,
  bytes: Uint8Array,
  sizes: readonly Size[],
  object: (width: number) => string,
): Promise<Rendered> {
  const largestFirst = [...sizes].reverse();
  const cut = await render(images, bytes, {
    transforms: [{ ...largestFirst[0]!, fit: "cover", gravity: "center" }],
    format: "image/png",
  });
  const rendered: Rendered = [];
  for (const size of largestFirst) {
    const encoded = await render(images, cut, {
      transforms: [exactly(size)],
      format: "image/webp",
      quality: PHOTO_VARIANT_QUALITY,
    });
    rendered.push({ object: object(size.width), bytes: encoded });
  }
  return rendered;
}

/** A profile picture: the square at the photo's centre, upright, at AVATAR_SIDES (or its own side). */
export async function renderAvatarByService(
  images: ImagesBinding,
  bytes: Uint8Array,
  sniffed: SniffedPhoto,
  object: (side: number) => string,
) {
  const upright = uprightSize(sniffed);
  const largest = Math.min(upright.width, upright.height, Math.max(...AVATAR_SIDES));
  const sides = avatarSides(largest).map((side) => ({ width: side, height: side }));
  return { largest, rendered: await centreCuts(images, bytes, sides, object) };
}

/** An article's cover: the frame-shaped part at the photo's centre, upright, at the cover's widths. */
export async function renderCoverByService(
  images: ImagesBinding,
  bytes: Uint8Array,
  sniffed: SniffedPhoto,
  object: (width: number) => string,
) {
  const upright = uprightSize(sniffed);
  // As the isolate's: scaled to the smallest size that still covers the frame (never up), then cut.
  const scale = Math.min(1, Math.max(ARTICLE_IMAGE_WIDTH / upright.width, ARTICLE_IMAGE_HEIGHT / upright.height));
  const scaled = {
    width: Math.max(1, Math.round(upright.width * scale)),
    height: Math.max(1, Math.round(upright.height * scale)),
  };
  const width = Math.min(scaled.width, Math.floor((scaled.height * ARTICLE_IMAGE_WIDTH) / ARTICLE_IMAGE_HEIGHT));
  const rendered = await centreCuts(images, bytes, articleCoverSizes(width), object);
  return { width, rendered };
}
