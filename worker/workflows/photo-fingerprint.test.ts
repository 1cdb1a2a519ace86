import { describe, expect, it } from "vitest";
import { PHOTO_FINGERPRINT_BANDS, PHOTO_MATCH_MAX_DISTANCE } from "#shared/constants.ts";
import { fingerprintDistance, photoFingerprint } from "./photo-fingerprint.ts";
import type { Pixels } from "./photo-pixels.ts";

/** An integer hash (two multiply-xorshift rounds): neighbouring inputs give unrelated outputs. */
function mix(n: number): number {
  let h = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** 8 × 6 blocks of grey levels from `seed`, painted at any size (as tests/fixtures/photos.ts blocksPng). */
function blocks(width: number, height: number, seed: number, noise = 0): Pixels {
  const levels = Array.from({ length: 48 }, (_, i) => mix(seed * 48 + i + 1) & 0xff);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const jitter = noise ? ((x * 7 + y * 13) % (2 * noise)) - noise : 0;
      const level = levels[Math.floor((y * 6) / height) * 8 + Math.floor((x * 8) / width)]! + jitter;
      const v = Math.max(0, Math.min(255, level));
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

describe("photoFingerprint", () => {
  it("gives the same picture at other sizes and with noise (a re-encoded copy) nearly the same hash", () => {
    const original = photoFingerprint(blocks(1600, 1200, 7))!;
    for (const copy of [blocks(800, 600, 7), blocks(2048, 1536, 7), blocks(1600, 1200, 7, 6)]) {
      expect(fingerprintDistance(original.hash, photoFingerprint(copy)!.hash)).toBeLessThanOrEqual(
        PHOTO_MATCH_MAX_DISTANCE,
      );
    }
  });

  it("tells different pictures apart", () => {
    const hashes = [1, 2, 3, 4, 5].map((seed) => photoFingerprint(blocks(640, 480, seed))!.hash);
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(fingerprintDistance(hashes[i]!, hashes[j]!)).toBeGreaterThan(PHOTO_MATCH_MAX_DISTANCE * 3);
      }
    }
  });

  it("keeps the hash as bands that two near hashes share (the indexed lookup)", () => {
    const { hash, bands } = photoFingerprint(blocks(320, 240, 9))!;
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(bands).toHaveLength(PHOTO_FINGERPRINT_BANDS);
    expect(bands.map((b) => b.toString(16).padStart(4, "0")).join("")).toBe(hash);
    expect(PHOTO_MATCH_MAX_DISTANCE).toBeLessThan(PHOTO_FINGERPRINT_BANDS);
  });

  it("has no fingerprint for a picture smaller than its sample", () => {
    expect(photoFingerprint(blocks(8, 8, 1))).toBeNull();
  });

  it("counts differing bits", () => {
    expect(fingerprintDistance("0000000000000000", "0000000000000000")).toBe(0);
    expect(fingerprintDistance("0000000000000000", "f000000000000001")).toBe(5);
    expect(fingerprintDistance("ffffffffffffffff", "0000000000000000")).toBe(64);
  });
});
