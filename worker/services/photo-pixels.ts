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
 * only the output and two float rows — a 12-megapixel photo is never copied whole.
 */
export function downscale(pixels: Pixels, width: number, height: number): Pixels {
  if (width >= pixels.width && height >= pixels.height) return pixels;
  const src = pixels.data;
  const cols = spans(pixels.width, width);
  const rows = spans(pixels.height, height);
  const out = new Uint8Array(width * height * 4);
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
 * mirrored ones 2, 4, 5, 7. The owner's rotation uses the same table (ROTATION_ORIENTATION).
 */
export function orient(pixels: Pixels, orientation: number): Pixels {
  if (orientation <= 1 || orientation > 8) return pixels;
  const { width: w, height: h, data } = pixels;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8Array(data.length);
  const src32 = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const out32 = new Uint32Array(out.buffer);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      // The source pixel shown at (x, y) of the upright image.
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          sy = y;
          break;
        case 3:
          sx = w - 1 - x;
          sy = h - 1 - y;
          break;
        case 4:
          sx = x;
          sy = h - 1 - y;
          break;
        case 5:
          sx = y;
          sy = x;
          break;
        case 6:
          sx = y;
          sy = h - 1 - x;
          break;
        case 7:
          sx = w - 1 - y;
          sy = h - 1 - x;
          break;
        default:
          sx = w - 1 - y;
          sy = x;
          break;
      }
      out32[y * ow + x] = src32[sy * w + sx]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** The EXIF orientation that turns an image clockwise by the owner's angle. */
export const ROTATION_ORIENTATION: Record<number, number> = { 0: 1, 90: 6, 180: 3, 270: 8 };

/** The `side` × `side` square of `pixels` from (`left`, `top`). */
export function crop(pixels: Pixels, left: number, top: number, side: number): Pixels {
  if (left === 0 && top === 0 && side === pixels.width && side === pixels.height) return pixels;
  const out = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    const from = ((top + y) * pixels.width + left) * 4;
    out.set(pixels.data.subarray(from, from + side * 4), y * side * 4);
  }
  return { width: side, height: side, data: out };
}
