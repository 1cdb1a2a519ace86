/**
 * Sizes the photo pipeline scales to (decisions 031 and 054), plain arithmetic shared by the admission's
 * memory estimate and the codecs: what the master and a profile picture are cut down to, and the JPEG
 * decoder's DCT scaling, which decodes a 12-megapixel photo straight to a quarter of its pixels.
 */

export interface Size {
  width: number;
  height: number;
}

/** `size` scaled so that neither side exceeds `side` (never up). */
export function fitSize(size: Size, side: number): Size {
  const scale = Math.min(1, side / Math.max(size.width, size.height));
  if (scale === 1) return { width: size.width, height: size.height };
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** `size` scaled so that its shorter side is `side` (or its own when shorter): a square of `side` fits inside. */
export function coverSize(size: Size, side: number): Size {
  const short = Math.min(size.width, size.height, side);
  const scale = short / Math.min(size.width, size.height);
  return {
    width: Math.max(short, Math.round(size.width * scale)),
    height: Math.max(short, Math.round(size.height * scale)),
  };
}

/**
 * The smallest of libjpeg's DCT scalings N/8 (N = 1…8) whose output is at least `target` both ways, and
 * that output: libjpeg rounds each side up (`TJSCALED`). Area averaging then brings it to `target` exactly,
 * so a decoded photo is never scaled up and never shrunk by more than the IDCT can do cleanly.
 */
export function jpegScaling(size: Size, target: Size): Size & { eighths: number } {
  for (let eighths = 1; ; eighths++) {
    const width = Math.ceil((size.width * eighths) / 8);
    const height = Math.ceil((size.height * eighths) / 8);
    if (eighths === 8 || (width >= target.width && height >= target.height)) return { eighths, width, height };
  }
}
