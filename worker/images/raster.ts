/**
 * Paints a scene (`illustration.ts`) into RGB pixels, for the PNG that link previews need: social
 * networks do not read SVG. Each pixel row is sampled on four sub-rows, and each span covers the
 * pixels it crosses by the exact overlap, so edges are smoothed without painting every pixel four times.
 */
import type { Scene, Shape, VerticalGradient } from "./illustration.ts";

/** Sub-rows sampled per pixel row. */
const SUB_ROWS = 4;

type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as its colour and alpha (0–1). */
export function parseColour(hex: string): { rgb: Rgb; alpha: number } {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(full)) throw new Error(`Not a colour: ${hex}`);
  const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return { rgb: [byte(0), byte(2), byte(4)], alpha: full.length === 8 ? byte(6) / 255 : 1 };
}

/** Where a horizontal line at `y` is inside the shape: pairs of x (from, to). */
function spans(shape: Shape, y: number): number[] {
  switch (shape.kind) {
    case "rect":
      return y >= shape.y && y < shape.y + shape.h ? [shape.x, shape.x + shape.w] : [];
    case "circle":
    case "ellipse": {
      const [rx, ry] = shape.kind === "circle" ? [shape.r, shape.r] : [shape.rx, shape.ry];
      const dy = (y - shape.cy) / ry;
      if (dy * dy >= 1) return [];
      const dx = rx * Math.sqrt(1 - dy * dy);
      return [shape.cx - dx, shape.cx + dx];
    }
    case "polygon": {
      // Even–odd crossings of the closed outline.
      const p = shape.points;
      const crossings: number[] = [];
      for (let i = 0; i < p.length; i += 2) {
        const x0 = p[i]!;
        const y0 = p[i + 1]!;
        const x1 = p[(i + 2) % p.length]!;
        const y1 = p[(i + 3) % p.length]!;
        if (y0 <= y ? y1 > y : y1 <= y) crossings.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
      }
      return crossings.sort((a, b) => a - b);
    }
    case "windows": {
      const { x, y: top, w, h, tileW, tileH, pane } = shape;
      if (y < top || y >= top + h) return [];
      const inTile = (y - top) % tileH;
      if (inTile < pane.y || inTile >= pane.y + pane.h) return [];
      const out: number[] = [];
      for (let left = x; left < x + w; left += tileW) {
        const from = Math.max(x, left + pane.x);
        const to = Math.min(x + w, left + pane.x + pane.w);
        if (to > from) out.push(from, to);
      }
      return out;
    }
    case "cable":
      return y >= shape.y && y < shape.y + shape.length ? [shape.x - 1, shape.x + 1] : [];
    case "dashedBox": {
      const out: [number, number][] = [];
      for (const box of dashBoxes(shape)) if (y >= box.y && y < box.y + box.h) out.push([box.x, box.x + box.w]);
      return out.sort((a, b) => a[0] - b[0]).flat();
    }
  }
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const dashCache = new WeakMap<Shape, Box[]>();

/**
 * The dashes of a box's outline as boxes: the pattern starts at the top-left corner and runs on
 * clockwise around the corners, as SVG draws `M x y h w v h h -w Z` (butt ends, no joins).
 */
function dashBoxes(shape: Extract<Shape, { kind: "dashedBox" }>): Box[] {
  const cached = dashCache.get(shape);
  if (cached) return cached;
  const { x, y, w, h, width, dash, gap } = shape;
  const half = width / 2;
  // Each edge: where it starts along the outline, its length, and the box of a run [a, b) along it.
  const edges: [number, number, (a: number, b: number) => Box][] = [
    [0, w, (a, b) => ({ x: x + a, y: y - half, w: b - a, h: width })],
    [w, h, (a, b) => ({ x: x + w - half, y: y + a, w: width, h: b - a })],
    [w + h, w, (a, b) => ({ x: x + w - b, y: y + h - half, w: b - a, h: width })],
    [2 * w + h, h, (a, b) => ({ x: x - half, y: y + h - b, w: width, h: b - a })],
  ];
  const boxes: Box[] = [];
  for (const [offset, length, box] of edges) {
    for (let start = Math.floor(offset / (dash + gap)) * (dash + gap); start < offset + length; start += dash + gap) {
      const a = Math.max(offset, start) - offset;
      const b = Math.min(offset + length, start + dash) - offset;
      if (b > a) boxes.push(box(a, b));
    }
  }
  dashCache.set(shape, boxes);
  return boxes;
}

/** The rows a shape can touch. */
function verticalExtent(shape: Shape): [number, number] {
  switch (shape.kind) {
    case "rect":
    case "windows":
      return [shape.y, shape.y + shape.h];
    case "circle":
      return [shape.cy - shape.r, shape.cy + shape.r];
    case "ellipse":
      return [shape.cy - shape.ry, shape.cy + shape.ry];
    case "polygon": {
      const ys = shape.points.filter((_, i) => i % 2 === 1);
      return [Math.min(...ys), Math.max(...ys)];
    }
    case "cable":
      return [shape.y, shape.y + shape.length];
    case "dashedBox":
      return [shape.y - shape.width / 2, shape.y + shape.h + shape.width / 2];
  }
}

function paintOf(shape: Shape): { colour: (row: number) => Rgb; alpha: number } {
  const fill: string | VerticalGradient =
    shape.kind === "dashedBox" || shape.kind === "cable" ? shape.stroke : shape.fill;
  const opacity = shape.kind === "circle" || shape.kind === "ellipse" ? shape.opacity : 1;
  if (typeof fill === "string") {
    const { rgb, alpha } = parseColour(fill);
    return { colour: () => rgb, alpha: alpha * opacity };
  }
  // A gradient spans the shape's own box (SVG's objectBoundingBox), top to bottom.
  const top = parseColour(fill.top).rgb;
  const bottom = parseColour(fill.bottom).rgb;
  const [y0, y1] = verticalExtent(shape);
  return {
    alpha: opacity,
    colour: (row) => {
      const t = Math.min(1, Math.max(0, (row + 0.5 - y0) / (y1 - y0)));
      return [0, 1, 2].map((i) => top[i]! + (bottom[i]! - top[i]!) * t) as unknown as Rgb;
    },
  };
}

/** The scene's pixels, row by row, three bytes (R, G, B) each, on a white ground. */
export function rasterize(scene: Scene): Uint8Array {
  const { width, height } = scene;
  const pixels = new Uint8Array(width * height * 3).fill(255);
  const coverage = new Float32Array(width + 1);
  for (const shape of scene.shapes) {
    const { colour, alpha } = paintOf(shape);
    if (alpha <= 0) continue;
    const [top, bottom] = verticalExtent(shape);
    const firstRow = Math.max(0, Math.floor(top));
    const lastRow = Math.min(height - 1, Math.ceil(bottom));
    for (let row = firstRow; row <= lastRow; row++) {
      let minX = width;
      let maxX = -1;
      for (let sub = 0; sub < SUB_ROWS; sub++) {
        const s = spans(shape, row + (sub + 0.5) / SUB_ROWS);
        for (let i = 0; i + 1 < s.length; i += 2) {
          const from = Math.max(0, s[i]!);
          const to = Math.min(width, s[i + 1]!);
          if (to <= from) continue;
          const first = Math.floor(from);
          const last = Math.min(width - 1, Math.ceil(to) - 1);
          // Coverage is cleared only over the columns this row's spans reach.
          if (maxX < minX) {
            coverage.fill(0, first, last + 1);
            [minX, maxX] = [first, last];
          } else {
            if (first < minX) coverage.fill(0, first, minX);
            if (last > maxX) coverage.fill(0, maxX + 1, last + 1);
            minX = Math.min(minX, first);
            maxX = Math.max(maxX, last);
          }
          for (let px = first; px <= last; px++)
            coverage[px]! += (Math.min(to, px + 1) - Math.max(from, px)) / SUB_ROWS;
        }
      }
      if (maxX < minX) continue;
      const [r, g, b] = colour(row);
      for (let px = minX; px <= maxX; px++) {
        const a = Math.min(1, coverage[px]!) * alpha;
        if (a <= 0) continue;
        const at = (row * width + px) * 3;
        pixels[at] = Math.round(pixels[at]! + (r - pixels[at]!) * a);
        pixels[at + 1] = Math.round(pixels[at + 1]! + (g - pixels[at + 1]!) * a);
        pixels[at + 2] = Math.round(pixels[at + 2]! + (b - pixels[at + 2]!) * a);
      }
    }
  }
  return pixels;
}
