/**
 * Pixel work of the photo pipeline (decision 031), plain loops over RGBA buffers: scaling down, and
 * turning by an EXIF orientation or the owner's rotation. No WASM here (photo-codec.ts decodes and encodes).
 */

/** RGBA pixels, row by row. */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** Source columns (or rows) and their weights for each output one: the area each output pixel covers. */
function spans(from: number, to: number): { start: Int32Array; weights: Float32Array[] } {
  const scale = from / to;
  const start = new Int32Array(to);
  const weights: Float32Array[] = [];
  for (let o = 0; o < to; o++) {
    const a = o * scale;
    const b = Math.min(from, (o + 1) * scale);
    const first = Math.floor(a);
    const last = Math.min(from, Math.ceil(b));
    const w = new Float32Array(last - first);
    for (let s = first; s < last; s++) w[s - first] = (Math.min(b, s + 1) - Math.max(a, s)) / scale;
    start[o] = first;
    weights.push(w);
  }
  return { start, weights };
}

/**
 * `pixels` scaled down to `width` × `height` by area averaging (each output pixel is the mean of the
 * source area it covers: no aliasing, no ringing). Works row by row, so beside the source it holds
 * only the output and two float rows — a 12-megapixel photo is never copied whole. `inPlace` writes the
 * output over the source instead (decision 054: the variants of a master need no memory of their own):
 * output row y is written once its source rows are read, and lies before every source row a later output
 * row reads (those start at row ≥ y + 1 of a source at least as wide). The result then shares
 * `pixels.data`; `pixels` is spent.
 */
export function downscale(pixels: Pixels, width: number, height: number, inPlace = false): Pixels {
  if (width >= pixels.width && height >= pixels.height) return pixels;
  const src = pixels.data;
  const cols = spans(pixels.width, width);
  const rows = spans(pixels.height, height);
  const out = inPlace ? src.subarray(0, width * height * 4) : new Uint8Array(width * height * 4);
  const row = new Float32Array(width * 4);
  const acc = new Float32Array(width * 4);
  for (let oy = 0; oy < height; oy++) {
    acc.fill(0);
    const rowWeights = rows.weights[oy]!;
    for (let k = 0; k < rowWeights.length; k++) {
      const base = (rows.start[oy]! + k) * pixels.width * 4;
      for (let ox = 0; ox < width; ox++) {
        const w = cols.weights[ox]!;
        let i = base + cols.start[ox]! * 4;
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let j = 0; j < w.length; j++, i += 4) {
          const f = w[j]!;
          r += src[i]! * f;
          g += src[i + 1]! * f;
          b += src[i + 2]! * f;
          a += src[i + 3]! * f;
        }
        const o = ox * 4;
        row[o] = r;
        row[o + 1] = g;
        row[o + 2] = b;
        row[o + 3] = a;
      }
      const f = rowWeights[k]!;
      for (let o = 0; o < acc.length; o++) acc[o]! += row[o]! * f;
    }
    const line = oy * width * 4;
    for (let o = 0; o < acc.length; o++) out[line + o] = Math.round(acc[o]!);
  }
  return { data: out, width, height };
}

/**
 * `pixels` turned upright by an EXIF orientation (1–8): 3 = 180°, 6 = 90° clockwise, 8 = 270°, and the
 * mirrored ones 2, 4, 5, 7. The owner's rotation uses the same table (ROTATION_ORIENTATION). Done in place
 * (decision 054): the pixels are moved along the cycles of the turn, so turning a 2048-px master takes a bit
 * per pixel (400 KB) instead of a second 12-MB copy. The result shares `pixels.data`; `pixels` is spent.
 */
export function orientInPlace(pixels: Pixels, orientation: number): Pixels {
  if (orientation <= 1 || orientation > 8) return pixels;
  const { width: w, height: h } = pixels;
  // Pixels are moved as 32-bit words; a decoder's buffer that is not 4-aligned is copied first.
  const data = pixels.data.byteOffset % 4 ? pixels.data.slice() : pixels.data;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const px = new Uint32Array(data.buffer, data.byteOffset, w * h);
  // The source pixel shown at position `to` of the upright image.
  const from = (to: number): number => {
    const x = to % ow;
    const y = (to - x) / ow;
    switch (orientation) {
      case 2:
        return y * w + (w - 1 - x);
      case 3:
        return (h - 1 - y) * w + (w - 1 - x);
      case 4:
        return (h - 1 - y) * w + x;
      case 5:
        return x * w + y;
      case 6:
        return (h - 1 - x) * w + y;
      case 7:
        return (h - 1 - x) * w + (w - 1 - y);
      default:
        return x * w + (w - 1 - y);
    }
  };
  const moved = new Uint8Array((w * h + 7) >> 3);
  for (let start = 0; start < w * h; start++) {
    if (moved[start >> 3]! & (1 << (start & 7))) continue;
    // Follow the cycle through `start`: each position takes its source's pixel, the last one start's.
    const first = px[start]!;
    let to = start;
    for (;;) {
      moved[to >> 3]! |= 1 << (to & 7);
      const source = from(to);
      if (source === start) {
        px[to] = first;
        break;
      }
      px[to] = px[source]!;
      to = source;
    }
  }
  return { data, width: ow, height: oh };
}

/** The EXIF orientation that turns an image clockwise by the owner's angle. */
export const ROTATION_ORIENTATION: Record<number, number> = { 0: 1, 90: 6, 180: 3, 270: 8 };

/** The `width` × `height` part of `pixels` from (`left`, `top`); a square when `height` is left out. */
export function crop(pixels: Pixels, left: number, top: number, width: number, height = width): Pixels {
  if (left === 0 && top === 0 && width === pixels.width && height === pixels.height) return pixels;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * pixels.width + left) * 4;
    out.set(pixels.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data: out };
}
