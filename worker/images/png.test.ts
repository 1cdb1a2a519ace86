import { describe, expect, it } from "vitest";
import { decodePng } from "#tests/fixtures/png.ts";
import { encodePng } from "./png.ts";

/** Pixels with flat areas, a gradient and noise, so every row filter gets picked somewhere. */
function samplePixels(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  let noise = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      noise = (noise * 1103515245 + 12345) >>> 0;
      rgb.set(
        y < height / 3
          ? [200, 30, 30]
          : y < (2 * height) / 3
            ? [x & 255, y & 255, (x + y) & 255]
            : [noise & 255, (noise >> 8) & 255, (noise >> 16) & 255],
        at,
      );
    }
  return rgb;
}

describe("encodePng", () => {
  it("writes a PNG that decodes to the same pixels", async () => {
    for (const [width, height] of [
      [1, 1],
      [3, 2],
      [64, 48],
      [301, 97],
    ] as const) {
      const rgb = samplePixels(width, height);
      const png = await encodePng(width, height, rgb);
      const decoded = await decodePng(png);
      expect(decoded.chunks).toEqual(["IHDR", "IDAT", "IEND"]);
      expect([decoded.width, decoded.height]).toEqual([width, height]);
      expect(decoded.rgb).toEqual(rgb);
    }
  });

  it("ends with the IEND chunk every PNG ends with", async () => {
    const png = await encodePng(2, 2, new Uint8Array(12));
    expect([...png.subarray(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  });

  it("keeps flat pictures small", async () => {
    const png = await encodePng(1200, 800, new Uint8Array(1200 * 800 * 3).fill(128));
    expect(png.length).toBeLessThan(8 * 1024);
  });

  it("refuses pixels of the wrong size", async () => {
    await expect(encodePng(2, 2, new Uint8Array(11))).rejects.toThrow(/12 bytes/);
  });
});
