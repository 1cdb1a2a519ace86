import { expect, it } from "vitest";
import {
  gradientPng,
  manyScansJpeg,
  SMALL_JPEG,
  SMALL_JPEG_SIZE,
  truncated,
  twoFacedJpeg,
  withExif,
} from "#tests/fixtures/photos.ts";
import { decodeBytes, sniffPhoto, UNREADABLE } from "./photo-sniff.ts";

it("reads a whole JPEG's size, orientation and coefficient buffer (progressive: all its blocks)", () => {
  expect(sniffPhoto(withExif(SMALL_JPEG, 6))).toEqual({
    format: "jpeg",
    ...SMALL_JPEG_SIZE,
    orientation: 6,
    // 64 × 48 at 4:2:2: 8 × 6 luma blocks and 4 × 6 of each chroma, 64 coefficients of 2 bytes each.
    coefficientBytes: (48 + 24 + 24) * 128,
  });
});

it("refuses a JPEG whose hidden frame libjpeg would decode instead of the one a length walk finds", () => {
  const file = twoFacedJpeg(8192, 8192);
  expect(file.length).toBeLessThan(1100);
  expect(sniffPhoto(file)).toBe(UNREADABLE);
  // Any byte between segments where a marker belongs: the decoder would skip it, looking for one.
  const app0End = 4 + ((SMALL_JPEG[4]! << 8) | SMALL_JPEG[5]!);
  const junk = new Uint8Array([...SMALL_JPEG.subarray(0, app0End), 0x00, ...SMALL_JPEG.subarray(app0End)]);
  expect(sniffPhoto(SMALL_JPEG.subarray(0, app0End))).toBe(UNREADABLE);
  expect(sniffPhoto(junk)).toBe(UNREADABLE);
});

it("refuses a JPEG of thousands of scans (CPU), and keeps a few more than encoders write", () => {
  expect(sniffPhoto(manyScansJpeg(2000))).toBe(UNREADABLE);
  expect(sniffPhoto(manyScansJpeg(12))).toMatchObject({ format: "jpeg", ...SMALL_JPEG_SIZE });
});

it("refuses a JPEG, PNG or WebP cut short, wherever it is cut", async () => {
  for (const fraction of [0.2, 0.5, 0.9, 0.99]) expect(sniffPhoto(truncated(SMALL_JPEG, fraction))).toBe(UNREADABLE);
  expect(sniffPhoto(SMALL_JPEG.subarray(0, SMALL_JPEG.length - 1))).toBe(UNREADABLE);
  const png = await gradientPng(200, 150);
  expect(sniffPhoto(png)).toMatchObject({ format: "png", width: 200, height: 150 });
  for (const fraction of [0.5, 0.99]) expect(sniffPhoto(truncated(png, fraction))).toBe(UNREADABLE);
  // A lossless WebP (VP8L) of 3 × 2 whose RIFF size claims more than the file holds.
  const webp = new Uint8Array([
    ...[0x52, 0x49, 0x46, 0x46, 26, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
    ...[0x56, 0x50, 0x38, 0x4c, 14, 0, 0, 0, 0x2f, 2, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  ]);
  expect(sniffPhoto(webp)).toMatchObject({ format: "webp", width: 3, height: 2 });
  expect(sniffPhoto(webp.subarray(0, 30))).toBe(UNREADABLE);
});

it("calls anything else no photo at all", () => {
  expect(sniffPhoto(new TextEncoder().encode("just some text"))).toBeNull();
});

it("estimates a JPEG's decoding at the DCT scale that covers the master, other formats' whole", () => {
  const photo = { width: 4096, height: 3072, orientation: 1, coefficientBytes: 0 };
  // A baseline 12.6-megapixel JPEG of 2 MB: three copies of the file and the master's 2048 × 1536 pixels.
  expect(decodeBytes({ ...photo, format: "jpeg" }, 2_000_000)).toBe(6_000_000 + 2048 * 1536 * 4);
  // Progressive 4:2:0: every coefficient too (1.5 samples a pixel, 2 bytes each).
  expect(decodeBytes({ ...photo, format: "jpeg", coefficientBytes: 4096 * 3072 * 3 }, 2_000_000)).toBe(
    6_000_000 + 2048 * 1536 * 4 + 4096 * 3072 * 3,
  );
  expect(decodeBytes({ ...photo, format: "webp" }, 2_000_000)).toBe(6_000_000 + 4096 * 3072 * 4);
});
