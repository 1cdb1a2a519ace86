/**
 * A photo's fingerprint for the duplicate check (decision 036): a 64-bit difference
 * hash of the master's pixels — the master scaled to 9 × 8, grey, one bit per pair of neighbours (is
 * the left one brighter?). Re-encoding, rescaling and light retouching keep most bits, so a photo
 * copied from another listing is found even when its bytes differ. The 64 bits are also kept as four
 * 16-bit bands: two fingerprints within PHOTO_MATCH_MAX_DISTANCE bits of each other share at least one
 * band whole (pigeonhole), so an indexed band lookup finds every candidate.
 */
import { PHOTO_FINGERPRINT_BANDS } from "#shared/constants.ts";
import { downscale, type Pixels } from "./photo-pixels.ts";

export interface PhotoFingerprint {
  /** 16 hex digits. */
  hash: string;
  /** The hash's four 16-bit bands, most significant first. */
  bands: number[];
}

/** The grey level of an RGBA pixel (ITU-R BT.601 weights). */
const grey = (data: Pixels["data"], i: number) => data[i]! * 0.299 + data[i + 1]! * 0.587 + data[i + 2]! * 0.114;

/** Null for a photo smaller than the 9 × 8 sample (nothing worth comparing). */
export function photoFingerprint(pixels: Pixels): PhotoFingerprint | null {
  if (pixels.width < 9 || pixels.height < 8) return null;
  const small = downscale(pixels, 9, 8);
  const bits: number[] = [];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const i = (y * 9 + x) * 4;
      bits.push(grey(small.data, i) > grey(small.data, i + 4) ? 1 : 0);
    }
  }
  const bandBits = 64 / PHOTO_FINGERPRINT_BANDS;
  const bands = Array.from({ length: PHOTO_FINGERPRINT_BANDS }, (_, b) =>
    bits.slice(b * bandBits, (b + 1) * bandBits).reduce((n, bit) => n * 2 + bit, 0),
  );
  const hash = bands.map((band) => band.toString(16).padStart(bandBits / 4, "0")).join("");
  return { hash, bands };
}

/** How many bits two fingerprints' hashes differ in. */
export function fingerprintDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 4) {
    let x = Number.parseInt(a.slice(i, i + 4), 16) ^ Number.parseInt(b.slice(i, i + 4), 16);
    while (x) {
      distance += x & 1;
      x >>>= 1;
    }
  }
  return distance;
}
