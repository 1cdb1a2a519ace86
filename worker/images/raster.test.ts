import { describe, expect, it } from "vitest";
import { drawIllustration, type Scene, type Shape } from "./illustration.ts";
import { parseColour, rasterize } from "./raster.ts";

const paint = (width: number, height: number, ...shapes: Shape[]) =>
  rasterize({ width, height, shapes } satisfies Scene);
const pixel = (rgb: Uint8Array, width: number, x: number, y: number) => [
  ...rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3),
];
/** How much of the picture differs from white, in pixels' worth of full colour. */
const inked = (rgb: Uint8Array) => rgb.reduce((sum, v) => sum + (255 - v), 0) / 255 / 3;
/** Within 1 % of the expected amount. */
const expectNear = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);

describe("parseColour", () => {
  it("reads #rgb, #rrggbb and #rrggbbaa", () => {
    expect(parseColour("#555")).toEqual({ rgb: [0x55, 0x55, 0x55], alpha: 1 });
    expect(parseColour("#2f6f8f")).toEqual({ rgb: [0x2f, 0x6f, 0x8f], alpha: 1 });
    expect(parseColour("#00000033")).toEqual({ rgb: [0, 0, 0], alpha: 0x33 / 255 });
    expect(() => parseColour("url(#s)")).toThrow();
  });
});

describe("rasterize", () => {
  it("fills a whole-pixel rectangle exactly and leaves the rest white", () => {
    const rgb = paint(10, 10, { kind: "rect", x: 2, y: 3, w: 4, h: 5, fill: "#000000" });
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 10; x++)
        expect(pixel(rgb, 10, x, y)).toEqual(x >= 2 && x < 6 && y >= 3 && y < 8 ? [0, 0, 0] : [255, 255, 255]);
  });

  it("smooths edges by how much of a pixel a shape covers", () => {
    const rgb = paint(4, 4, { kind: "polygon", points: [0, 0, 4, 0, 0, 4], fill: "#000000" });
    // The diagonal cuts the pixels it crosses in half.
    for (const [x, y] of [
      [0, 3],
      [1, 2],
      [2, 1],
      [3, 0],
    ] as const)
      expect(pixel(rgb, 4, x, y)[0]).toBeGreaterThan(100);
    for (const [x, y] of [
      [0, 3],
      [1, 2],
      [2, 1],
      [3, 0],
    ] as const)
      expect(pixel(rgb, 4, x, y)[0]).toBeLessThan(160);
    expect(inked(rgb)).toBeCloseTo(8, 0);
  });

  it("draws circles and ellipses with their area", () => {
    expectNear(
      inked(paint(100, 100, { kind: "circle", cx: 50, cy: 50, r: 30, fill: "#000000", opacity: 1 })),
      Math.PI * 900,
    );
    expectNear(
      inked(paint(100, 100, { kind: "ellipse", cx: 50, cy: 50, rx: 40, ry: 20, fill: "#000000", opacity: 1 })),
      Math.PI * 800,
    );
    // Opacity blends: half as much ink.
    expectNear(
      inked(paint(100, 100, { kind: "circle", cx: 50, cy: 50, r: 30, fill: "#000000", opacity: 0.5 })),
      (Math.PI * 900) / 2,
    );
  });

  it("blends colours with an alpha over what is below", () => {
    const rgb = paint(
      2,
      1,
      { kind: "rect", x: 0, y: 0, w: 2, h: 1, fill: "#ff0000" },
      { kind: "rect", x: 1, y: 0, w: 1, h: 1, fill: "#0000ff80" },
    );
    expect(pixel(rgb, 2, 0, 0)).toEqual([255, 0, 0]);
    expect(pixel(rgb, 2, 1, 0)).toEqual([127, 0, 128]);
  });

  it("runs a gradient from the top of its box to the bottom", () => {
    const rgb = paint(1, 100, { kind: "rect", x: 0, y: 0, w: 1, h: 100, fill: { top: "#000000", bottom: "#ffffff" } });
    expect(pixel(rgb, 1, 0, 0)[0]).toBeLessThan(5);
    expect(pixel(rgb, 1, 0, 50)[0]).toBeGreaterThan(120);
    expect(pixel(rgb, 1, 0, 50)[0]).toBeLessThan(135);
    expect(pixel(rgb, 1, 0, 99)[0]).toBeGreaterThan(250);
  });

  it("tiles window panes inside their box", () => {
    const rgb = paint(100, 100, {
      kind: "windows",
      x: 0,
      y: 0,
      w: 50,
      h: 100,
      tileW: 10,
      tileH: 20,
      pane: { x: 2, y: 4, w: 6, h: 11 },
      fill: "#000000",
    });
    expect(inked(rgb)).toBeCloseTo(5 * 5 * 6 * 11, 0);
    expect(pixel(rgb, 100, 2, 4)).toEqual([0, 0, 0]);
    expect(pixel(rgb, 100, 1, 4)).toEqual([255, 255, 255]);
    expect(pixel(rgb, 100, 60, 4)).toEqual([255, 255, 255]);
  });

  it("dashes an outline: 8 drawn, 6 left out, on round the corners", () => {
    const rgb = paint(200, 200, {
      kind: "dashedBox",
      x: 20,
      y: 20,
      w: 140,
      h: 140,
      stroke: "#000000",
      width: 2,
      dash: 8,
      gap: 6,
    });
    // 560 along the outline, 2 wide: 40 periods of which 8/14 are drawn.
    expectNear(inked(rgb), (560 * 2 * 8) / 14);
    expect(pixel(rgb, 200, 23, 20)).toEqual([0, 0, 0]);
    expect(pixel(rgb, 200, 30, 20)).toEqual([255, 255, 255]);
  });

  it("paints every generated scene without gaps or stray values", () => {
    for (const type of ["apartment", "house", "land", "investment", "commercial", "other"] as const) {
      for (const position of [0, 1, 2]) {
        const scene = drawIllustration({ seed: 4242 + position, width: 240, height: 160, type, position });
        const rgb = rasterize(scene);
        expect(rgb.length).toBe(240 * 160 * 3);
        // The sky or the room's walls cover the whole frame: nothing stays the white ground.
        let white = 0;
        for (let i = 0; i < rgb.length; i += 3) if (rgb[i] === 255 && rgb[i + 1] === 255 && rgb[i + 2] === 255) white++;
        expect(white, `${type} ${position}`).toBe(0);
      }
    }
  });
});
