import { expect, it } from "vitest";
import { PHOTO_MASTER_MAX_SIDE } from "#shared/constants.ts";
import { coverSize, fitSize, jpegScaling } from "./photo-scale.ts";

it("fits the master in its side and covers a profile picture's square, never scaling up", () => {
  expect(fitSize({ width: 4096, height: 3072 }, 2048)).toEqual({ width: 2048, height: 1536 });
  expect(fitSize({ width: 3024, height: 4032 }, 2048)).toEqual({ width: 1536, height: 2048 });
  expect(fitSize({ width: 640, height: 480 }, 2048)).toEqual({ width: 640, height: 480 });
  expect(coverSize({ width: 4096, height: 3072 }, 384)).toEqual({ width: 512, height: 384 });
  expect(coverSize({ width: 300, height: 200 }, 384)).toEqual({ width: 300, height: 200 });
});

it("decodes a JPEG at the smallest DCT scale N/8 that still covers the target, rounding up as libjpeg does", () => {
  const master = (width: number, height: number) =>
    jpegScaling({ width, height }, fitSize({ width, height }, PHOTO_MASTER_MAX_SIDE));
  // The largest accepted photo: exactly the master at 1/2.
  expect(master(4096, 3072)).toEqual({ eighths: 4, width: 2048, height: 1536 });
  // A phone's 4032 × 3024: 1/2 would be 2016 wide, so 5/8, averaged down afterwards.
  expect(master(4032, 3024)).toEqual({ eighths: 5, width: 2520, height: 1890 });
  expect(master(4095, 3071)).toEqual({ eighths: 4, width: 2048, height: 1536 });
  expect(master(2048, 1536)).toEqual({ eighths: 8, width: 2048, height: 1536 });
  expect(master(640, 480)).toEqual({ eighths: 8, width: 640, height: 480 });
  expect(jpegScaling({ width: 4096, height: 3072 }, { width: 512, height: 384 })).toEqual({
    eighths: 1,
    width: 512,
    height: 384,
  });
});

it("never decodes a JPEG smaller than its target, nor at a larger scale than the target needs", () => {
  for (let width = 1; width <= 4096; width += 97) {
    for (let height = 1; height <= 3072; height += 89) {
      const target = fitSize({ width, height }, PHOTO_MASTER_MAX_SIDE);
      const scaled = jpegScaling({ width, height }, target);
      expect(scaled.width).toBeGreaterThanOrEqual(target.width);
      expect(scaled.height).toBeGreaterThanOrEqual(target.height);
      if (scaled.eighths > 1) {
        const less = scaled.eighths - 1;
        expect(Math.ceil((width * less) / 8) >= target.width && Math.ceil((height * less) / 8) >= target.height).toBe(
          false,
        );
      }
    }
  }
});
