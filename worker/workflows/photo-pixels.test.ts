import { expect, it } from "vitest";
import { downscale, orientInPlace, type Pixels, ROTATION_ORIENTATION } from "./photo-pixels.ts";

/** Turned on a copy: the in-place turn spends its input. */
const orient = (pixels: Pixels, orientation: number) =>
  orientInPlace({ ...pixels, data: pixels.data.slice() }, orientation);

/** A `width` × `height` image whose pixel (x, y) is grey level `10 * (y * width + x)`. */
function numbered(width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([i * 10, i * 10, i * 10, 255], i * 4);
  return { data, width, height };
}
const grey = (pixels: Pixels) => Array.from({ length: pixels.width * pixels.height }, (_, i) => pixels.data[i * 4]);

it("turns by the EXIF orientation: 6 is 90° clockwise, 3 is 180°, 8 is 270°, 2 mirrors", () => {
  // 0 10 20
  // 30 40 50
  const image = numbered(3, 2);
  expect(orient(image, ROTATION_ORIENTATION[90]!)).toMatchObject({ width: 2, height: 3 });
  expect(grey(orient(image, 6))).toEqual([30, 0, 40, 10, 50, 20]);
  expect(grey(orient(image, 3))).toEqual([50, 40, 30, 20, 10, 0]);
  expect(grey(orient(image, 8))).toEqual([20, 50, 10, 40, 0, 30]);
  expect(grey(orient(image, 2))).toEqual([20, 10, 0, 50, 40, 30]);
  expect(orientInPlace(image, 1)).toBe(image);
  // Four quarter turns are the identity.
  let turned = image;
  for (let i = 0; i < 4; i++) turned = orient(turned, 6);
  expect(grey(turned)).toEqual(grey(image));
});

it("turns in place as a copy would, every orientation, odd sizes and squares", () => {
  for (const [width, height] of [
    [5, 3],
    [4, 4],
    [1, 7],
    [6, 4],
  ] as const) {
    const image = numbered(width, height);
    for (let orientation = 2; orientation <= 8; orientation++) {
      const turned = orient(image, orientation);
      // Each pixel lands where the upright image shows it: the position maps back to one source pixel.
      const swap = orientation >= 5;
      expect([turned.width, turned.height]).toEqual(swap ? [height, width] : [width, height]);
      expect(new Set(grey(turned)).size).toBe(width * height);
      // Turning back: 6 then 8 (and 8 then 6), 3 twice, a mirror twice, 5 and 7 twice.
      const back = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6 }[orientation]!;
      expect(grey(orient(turned, back))).toEqual(grey(image));
    }
  }
});

it("scales down by averaging the area each output pixel covers", () => {
  // 0 10 20 30 → 5 25 (pairs), and 4 × 2 → 1 × 1 is the mean of all eight.
  const image = numbered(4, 2);
  expect(grey(downscale(image, 2, 2))).toEqual([5, 25, 45, 65]);
  expect(grey(downscale(image, 1, 1))).toEqual([35]);
  // 3 → 2 columns: each output covers 1.5 source columns.
  expect(grey(downscale(numbered(3, 1), 2, 1))).toEqual([3, 17]);
  expect(downscale(image, 4, 2)).toBe(image);
});

it("scales down in place exactly as into new memory, over the source's own bytes", () => {
  for (const [from, to] of [
    [
      [7, 5],
      [3, 2],
    ],
    [
      [9, 9],
      [8, 8],
    ],
    [
      [10, 3],
      [10, 2],
    ],
    [
      [6, 11],
      [1, 1],
    ],
  ] as const) {
    const image = numbered(from[0], from[1]);
    const copy = downscale(image, to[0], to[1]);
    const source = { ...image, data: image.data.slice() };
    const inPlace = downscale(source, to[0], to[1], true);
    expect(inPlace.data.buffer).toBe(source.data.buffer);
    expect([inPlace.width, inPlace.height]).toEqual(to);
    expect(grey(inPlace)).toEqual(grey(copy));
  }
});

it("turns pixels that do not start on a 4-byte boundary (a copy then)", () => {
  const image = numbered(3, 2);
  const shifted = new Uint8Array(image.data.length + 1);
  shifted.set(image.data, 1);
  const turned = orientInPlace({ ...image, data: shifted.subarray(1) }, 6);
  expect(grey(turned)).toEqual([30, 0, 40, 10, 50, 20]);
});
