import { describe, expect, it } from "vitest";
import { PREVIEW_IMAGE_MAX_SIDE, previewImage, previewImageSize } from "./preview-image.ts";

describe("previewImage", () => {
  it("gives a generated illustration its PNG twin at the same size when it is small enough", () => {
    expect(previewImage({ url: "/images/listings/42.svg", width: 1200, height: 800 })).toEqual({
      url: "/images/listings/42.png",
      width: 1200,
      height: 800,
    });
    expect(previewImage({ url: "/images/articles/7.svg", width: 1200, height: 630 })).toEqual({
      url: "/images/articles/7.png",
      width: 1200,
      height: 630,
    });
  });

  it("paints large illustrations smaller, keeping their shape", () => {
    expect(previewImageSize({ width: 8000, height: 6000 })).toEqual({ width: PREVIEW_IMAGE_MAX_SIDE, height: 1200 });
    expect(previewImageSize({ width: 900, height: 4800 })).toEqual({ width: 300, height: PREVIEW_IMAGE_MAX_SIDE });
    expect(previewImage({ url: "/images/listings/1.svg", width: 3200, height: 2000 })).toEqual({
      url: "/images/listings/1.png",
      width: 1600,
      height: 1000,
    });
  });

  it("leaves other pictures as they are", () => {
    for (const url of [
      "/uploads/1.jpg",
      "https://cdn.example/photo.svg",
      "/images/listings/1.svg?x=1",
      "/images/listings/abc.svg",
    ])
      expect(previewImage({ url, width: 5000, height: 5000 })).toEqual({ url, width: 5000, height: 5000 });
  });
});
