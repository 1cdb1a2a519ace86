/**
 * The geometry of the self-served basemap (decision 044): Web Mercator in the tile scheme of OSM and
 * Leaflet (x, y from the top-left; 2^z tiles a side) and clipping to a rectangle, used both when the
 * region is extracted from Natural Earth (scripts/basemap.ts) and when a tile is drawn.
 */
import { MAP_TILE_SIZE } from "#shared/map.ts";

export type Point = readonly [number, number];
/** west, south, east, north (or, in pixels, left, top, right, bottom). */
export type BBox = readonly [number, number, number, number];

/** The pixel of a point in the world map at zoom `z`, whose top-left is (0, 0) and side MAP_TILE_SIZE·2^z. */
export function worldPixel(lng: number, lat: number, z: number): Point {
  const size = MAP_TILE_SIZE * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/** The longitude and latitude of a pixel of the world map at zoom `z` (worldPixel's inverse). */
export function pixelLngLat(px: number, py: number, z: number): Point {
  const size = MAP_TILE_SIZE * 2 ** z;
  const n = Math.PI * (1 - (2 * py) / size);
  return [(px / size) * 360 - 180, (Math.atan(Math.sinh(n)) * 180) / Math.PI];
}

/** The west, south, east and north of tile (z, x, y), widened by `margin` pixels on every side. */
export function tileBBox(z: number, x: number, y: number, margin = 0): BBox {
  const [west, north] = pixelLngLat(x * MAP_TILE_SIZE - margin, y * MAP_TILE_SIZE - margin, z);
  const [east, south] = pixelLngLat((x + 1) * MAP_TILE_SIZE + margin, (y + 1) * MAP_TILE_SIZE + margin, z);
  return [west, south, east, north];
}

export const intersects = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Whether box `outer` holds all of box `inner`. */
export const contains = (outer: BBox, inner: BBox) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

export function bboxOf(points: readonly Point[]): BBox {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  }
  return [w, s, e, n];
}

/**
 * A closed ring clipped to a rectangle (Sutherland–Hodgman): the part inside, with edges along the
 * rectangle where it was cut; fewer than three points when nothing is inside. Fills only — a cut edge
 * is not a border.
 */
export function clipRing(ring: readonly Point[], [x0, y0, x1, y1]: BBox): Point[] {
  let out: Point[] = ring.slice();
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= x0, (a, b) => [x0, a[1] + ((b[1] - a[1]) * (x0 - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= x1, (a, b) => [x1, a[1] + ((b[1] - a[1]) * (x1 - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= y0, (a, b) => [a[0] + ((b[0] - a[0]) * (y0 - a[1])) / (b[1] - a[1]), y0]],
    [(p) => p[1] <= y1, (a, b) => [a[0] + ((b[0] - a[0]) * (y1 - a[1])) / (b[1] - a[1]), y1]],
  ];
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) out.push(cut(previous, current));
        out.push(current);
      } else if (inside(previous)) out.push(cut(previous, current));
    }
    if (out.length === 0) break;
  }
  return out;
}

/** The pieces of a line inside a rectangle (each segment clipped, Liang–Barsky). */
export function clipLine(line: readonly Point[], [x0, y0, x1, y1]: BBox): Point[][] {
  const pieces: Point[][] = [];
  let piece: Point[] = [];
  const end = () => {
    if (piece.length > 1) pieces.push(piece);
    piece = [];
  };
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const [ax, ay] = a;
    const [bx, by] = b;
    // Most segments of a tile's lines lie wholly inside it or wholly beyond one of its sides.
    if (ax >= x0 && ax <= x1 && ay >= y0 && ay <= y1 && bx >= x0 && bx <= x1 && by >= y0 && by <= y1) {
      if (piece.length === 0) piece.push(a);
      piece.push(b);
      continue;
    }
    if ((ax < x0 && bx < x0) || (ax > x1 && bx > x1) || (ay < y0 && by < y0) || (ay > y1 && by > y1)) {
      end();
      continue;
    }
    const dx = bx - ax;
    const dy = by - ay;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    const edge = (p: number, q: number) => {
      if (p === 0) visible &&= q >= 0;
      else if (p < 0) t0 = Math.max(t0, q / p);
      else t1 = Math.min(t1, q / p);
    };
    edge(-dx, ax - x0);
    edge(dx, x1 - ax);
    edge(-dy, ay - y0);
    edge(dy, y1 - ay);
    if (!visible || t0 > t1) {
      end();
      continue;
    }
    if (piece.length === 0 || t0 > 0) {
      end();
      piece.push([ax + t0 * dx, ay + t0 * dy]);
    }
    piece.push(t1 < 1 ? [ax + t1 * dx, ay + t1 * dy] : b);
    // The segment leaves the rectangle: the piece ends here.
    if (t1 < 1) end();
  }
  end();
  return pieces;
}
