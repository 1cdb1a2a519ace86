import type { Scene, Shape } from "#worker/images/illustration.ts";
import { THEME_COLOUR, type Icon } from "./brand.ts";

/**
 * The app icons as scenes for `worker/images/raster.ts`, drawn from the mark of
 * client/components/layout/logo.tsx (a 32-unit box: a rounded square at 1–31 with corners of 7, the
 * house `M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z`). `scripts/icons.ts`
 * writes them to `public/icons/`.
 */

const WHITE = "#ffffff";

/** The house's outline in the mark's 32-unit box, its 1-unit corner arcs in a few points. */
const HOUSE: readonly [number, number][] = [
  [8, 16.5],
  [16, 9],
  [24, 16.5],
  [24, 24],
  ...arc(23, 24, 1, 0, 90),
  [18.5, 25],
  [18.5, 20],
  [13.5, 20],
  [13.5, 25],
  [9, 25],
  ...arc(9, 24, 1, 90, 180),
  [8, 24],
];

/** Points along a quarter arc (degrees clockwise from +x, y downwards), ends excluded. */
function arc(cx: number, cy: number, r: number, from: number, to: number, steps = 6): [number, number][] {
  return Array.from({ length: steps - 1 }, (_, i) => {
    const a = ((from + ((to - from) * (i + 1)) / steps) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

function polygon(points: readonly [number, number][], map: (x: number, y: number) => [number, number], fill: string) {
  return { kind: "polygon", points: points.flatMap(([x, y]) => map(x, y)), fill } satisfies Shape;
}

/** A rounded square of side `w` at (x, y) with corner radius `r`. */
function roundedSquare(x: number, y: number, w: number, r: number): [number, number][] {
  const corner = (cx: number, cy: number, from: number) => [
    [cx + r * Math.cos((from * Math.PI) / 180), cy + r * Math.sin((from * Math.PI) / 180)] as [number, number],
    ...arc(cx, cy, r, from, from + 90, 12),
  ];
  return [
    ...corner(x + w - r, y + r, 270),
    ...corner(x + w - r, y + w - r, 0),
    ...corner(x + r, y + w - r, 90),
    ...corner(x + r, y + r, 180),
  ];
}

/**
 * `any`: the favicon at `size` (white outside the rounded square: PNGs here carry no alpha).
 * `maskable`: the house on brand colour, half the icon wide and centred on the house's own middle
 * (16, 17), so its corners stay within 0.36 of the size from the centre — inside the 0.4 safe circle.
 */
export function iconScene({ size, purpose }: Pick<Icon, "size" | "purpose">): Scene {
  if (purpose === "any") {
    const k = size / 32;
    const scale = (x: number, y: number): [number, number] => [x * k, y * k];
    return {
      width: size,
      height: size,
      shapes: [polygon(roundedSquare(1, 1, 30, 7), scale, THEME_COLOUR), polygon(HOUSE, scale, WHITE)],
    };
  }
  const k = (size * 0.5) / 16;
  const centre = (x: number, y: number): [number, number] => [size / 2 + (x - 16) * k, size / 2 + (y - 17) * k];
  return {
    width: size,
    height: size,
    shapes: [{ kind: "rect", x: 0, y: 0, w: size, h: size, fill: THEME_COLOUR }, polygon(HOUSE, centre, WHITE)],
  };
}
