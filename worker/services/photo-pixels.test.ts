import { expect, it } from "vitest";
import { downscale, orient, type Pixels, ROTATION_ORIENTATION } from "./photo-pixels.ts";

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
  expect(orient(image, 1)).toBe(image);
  // Four quarter turns are the identity.
  let turned = image;
  for (let i = 0; i < 4; i++) turned = orient(turned, 6);
  expect(grey(turned)).toEqual(grey(image));
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
