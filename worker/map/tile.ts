/**
 * One 256×256 SVG tile of the self-served basemap (decision 044): land and sea from Natural Earth
 * (basemap-data.json), Serbia emphasised, borders and coasts, then the gazetteer's cities — more of them
 * as the zoom grows, by population — and from DISTRICT_LABELS_ZOOM its districts. Labels are placed
 * once per zoom for the whole map (never per tile), and a tile draws every label whose box reaches into
 * it, so a name cut at a tile's edge goes on in its neighbour; the viewBox clips the rest.
 */
import { BASEMAP_COLORS, MAP_TILE_SIZE } from "#shared/map.ts";
import type { Locale } from "#shared/locales.ts";
import type { CityRow } from "#worker/db/cities.ts";
import type { DistrictRow } from "#worker/db/districts.ts";
import { type BasemapData, type LineKind, SERBIA } from "./basemap-file.ts";
import { type BBox, clipLine, clipRing, contains, intersects, type Point, tileBBox, worldPixel } from "./geo.ts";

export interface TileGazetteer {
  cities: readonly CityRow[];
  districts: readonly DistrictRow[];
}

export const DISTRICT_LABELS_ZOOM = 12;
/** Pixels drawn beyond the tile's edge, so strokes and cut edges of fills never show inside it. */
const MARGIN = 4;
/** A vertex closer than this (px) to the last one kept adds nothing visible. */
const MIN_STEP = 1;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

const COLORS = BASEMAP_COLORS;

/** The zoom from which a city of this many people is named (a capital from the map's first zoom). */
function cityZoom(population: number): number {
  if (population >= 1_000_000) return 0;
  if (population >= 150_000) return 6;
  if (population >= 50_000) return 7;
  if (population >= 20_000) return 8;
  return 9;
}

interface Label {
  text: string;
  /** The anchor (a city's dot, a district's centre) in world pixels. */
  x: number;
  y: number;
  /** What the text and dot cover, in world pixels. */
  box: BBox;
  size: number;
  district: boolean;
}

/** A text's width, near enough for placing labels (system fonts run ~0.55–0.6 em a character). */
const textWidth = (text: string, size: number) => text.length * size * 0.58;

function placeLabels(g: TileGazetteer, z: number, locale: Locale): Label[] {
  const placed: Label[] = [];
  const free = (box: BBox) => !placed.some((l) => intersects(l.box, box));
  for (const city of g.cities) {
    if (z < cityZoom(city.population)) continue;
    const text = city[`name_${locale}`];
    const size = city.population >= 150_000 ? 13 : 12;
    const [x, y] = worldPixel(city.lng, city.lat, z);
    const box: BBox = [x - 4, y - size, x + 6 + textWidth(text, size), y + size / 2 + 2];
    if (free(box)) placed.push({ text, x, y, box, size, district: false });
  }
  if (z >= DISTRICT_LABELS_ZOOM)
    for (const district of g.districts) {
      const text = district[`name_${locale}`];
      const size = 11;
      const [x, y] = worldPixel(district.lng, district.lat, z);
      const half = textWidth(text, size) / 2;
      const box: BBox = [x - half, y - size / 2 - 2, x + half, y + size / 2 + 2];
      if (free(box)) placed.push({ text, x, y, box, size, district: true });
    }
  return placed;
}

/** Labels per gazetteer (an isolate keeps one; see index.ts), zoom and language. */
const labelCache = new WeakMap<TileGazetteer, Map<string, Label[]>>();
function labelsOf(g: TileGazetteer, z: number, locale: Locale): Label[] {
  let byZoom = labelCache.get(g);
  if (!byZoom) labelCache.set(g, (byZoom = new Map()));
  const key = `${z}/${locale}`;
  let labels = byZoom.get(key);
  if (!labels) byZoom.set(key, (labels = placeLabels(g, z, locale)));
  return labels;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);
const num = (v: number) => String(Math.round(v * 10) / 10);

/**
 * A polygon's rings or a line in Mercator units (x and y in [0, 1] from the world's top-left), computed
 * the first time a tile needs them and kept for the isolate's life: a tile then only scales and shifts
 * (no trigonometry per point), and no request pays for projecting outlines it does not draw.
 */
class Shape {
  readonly bbox: BBox;
  readonly #points: readonly (readonly (readonly number[])[])[];
  #xy: Float64Array[] | undefined;
  constructor(bbox: BBox, points: readonly (readonly (readonly number[])[])[]) {
    this.bbox = bbox;
    this.#points = points;
  }
  get xy(): Float64Array[] {
    return (this.#xy ??= this.#points.map((points) => {
      const xy = new Float64Array(points.length * 2);
      points.forEach(([lng, lat], i) => {
        const [px, py] = worldPixel(lng!, lat!, 0);
        xy[2 * i] = px / MAP_TILE_SIZE;
        xy[2 * i + 1] = py / MAP_TILE_SIZE;
      });
      return xy;
    }));
  }
}
interface Prepared {
  min_zoom: number;
  region: BBox;
  polygons: { shape: Shape; serbia: boolean }[];
  lines: Record<LineKind, Shape[]>;
}

const prepared = new WeakMap<BasemapData, Prepared[]>();
function prepare(data: BasemapData): Prepared[] {
  let p = prepared.get(data);
  if (p) return p;
  p = data.layers.map((layer) => {
    const lines: Prepared["lines"] = { coast: [], border: [], serbia: [], disputed: [] };
    for (const line of layer.lines) lines[line.kind].push(new Shape(line.bbox, [line.points]));
    return {
      min_zoom: layer.min_zoom,
      region: layer.region,
      polygons: layer.countries.flatMap((country) =>
        country.polygons.map((polygon) => ({
          shape: new Shape(polygon.bbox, polygon.rings),
          serbia: country.name === SERBIA,
        })),
      ),
      lines,
    };
  });
  prepared.set(data, p);
  return p;
}

/** Draws tile (z, x, y); the caller has checked the coordinates. */
export function renderTile(data: BasemapData, g: TileGazetteer, z: number, x: number, y: number, locale: Locale) {
  const size = MAP_TILE_SIZE * 2 ** z;
  const ox = x * MAP_TILE_SIZE;
  const oy = y * MAP_TILE_SIZE;
  const area = tileBBox(z, x, y, MARGIN);
  // The most detailed layer for this zoom that covers the whole tile: beyond the 1:10m region a tile
  // falls back to the 1:50m outlines rather than to open sea.
  const layers = prepare(data);
  const { polygons, lines: lineKinds } =
    layers.findLast((l) => l.min_zoom <= z && contains(l.region, area)) ?? layers[0]!;
  const rect: BBox = [-MARGIN, -MARGIN, MAP_TILE_SIZE + MARGIN, MAP_TILE_SIZE + MARGIN];

  /** The points in tile pixels, without steps too small to see. */
  const project = (xy: Float64Array): Point[] => {
    const out: Point[] = [];
    let lastX = NaN;
    let lastY = NaN;
    for (let i = 0; i < xy.length; i += 2) {
      const tx = xy[i]! * size - ox;
      const ty = xy[i + 1]! * size - oy;
      if (Math.abs(tx - lastX) + Math.abs(ty - lastY) < MIN_STEP) continue;
      out.push([tx, ty]);
      lastX = tx;
      lastY = ty;
    }
    return out;
  };
  const pathOf = (points: readonly Point[], close: boolean) =>
    "M" + points.map((p) => `${num(p[0])} ${num(p[1])}`).join("L") + (close ? "Z" : "");

  let neighbours = "";
  let serbia = "";
  for (const polygon of polygons) {
    if (!intersects(polygon.shape.bbox, area)) continue;
    for (const ring of polygon.shape.xy) {
      const clipped = clipRing(project(ring), rect);
      if (clipped.length < 3) continue;
      if (polygon.serbia) serbia += pathOf(clipped, true);
      else neighbours += pathOf(clipped, true);
    }
  }
  const lines = (kind: LineKind) => {
    let d = "";
    for (const line of lineKinds[kind])
      if (intersects(line.bbox, area))
        for (const piece of clipLine(project(line.xy[0]!), rect)) d += pathOf(piece, false);
    return d;
  };

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP_TILE_SIZE}" height="${MAP_TILE_SIZE}" viewBox="0 0 ${MAP_TILE_SIZE} ${MAP_TILE_SIZE}">`,
    `<rect width="${MAP_TILE_SIZE}" height="${MAP_TILE_SIZE}" fill="${COLORS.water}"/>`,
  ];
  if (neighbours) parts.push(`<path fill="${COLORS.land}" fill-rule="evenodd" d="${neighbours}"/>`);
  if (serbia) parts.push(`<path id="serbia" fill="${COLORS.serbia}" fill-rule="evenodd" d="${serbia}"/>`);
  const strokes: [string, string, string][] = [
    [lines("coast"), COLORS.coast, `stroke-width="0.8"`],
    [lines("border"), COLORS.border, `stroke-width="1"`],
    [lines("disputed"), COLORS.serbiaBorder, `stroke-width="1.5" stroke-dasharray="4 3"`],
    [lines("serbia"), COLORS.serbiaBorder, `stroke-width="2"`],
  ];
  for (const [d, color, width] of strokes)
    if (d) parts.push(`<path fill="none" stroke="${color}" ${width} stroke-linejoin="round" d="${d}"/>`);

  const tile: BBox = [ox, oy, ox + MAP_TILE_SIZE, oy + MAP_TILE_SIZE];
  const labels = labelsOf(g, z, locale).filter((l) => intersects(l.box, tile));
  if (labels.length) {
    parts.push(`<g font-family="${FONT}" stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">`);
    for (const l of labels) {
      const lx = l.x - ox;
      const ly = l.y - oy;
      if (l.district)
        parts.push(
          `<text x="${num(lx)}" y="${num(ly + l.size / 2 - 1)}" font-size="${l.size}" font-style="italic" text-anchor="middle" fill="${COLORS.district}">${escapeXml(l.text)}</text>`,
        );
      else
        parts.push(
          `<circle cx="${num(lx)}" cy="${num(ly)}" r="3" fill="${COLORS.text}" stroke-width="1.5"/>`,
          `<text x="${num(lx + 6)}" y="${num(ly + l.size / 2 - 2)}" font-size="${l.size}"${l.size > 12 ? ` font-weight="600"` : ""} fill="${COLORS.text}">${escapeXml(l.text)}</text>`,
        );
    }
    parts.push("</g>");
  }
  parts.push("</svg>");
  return parts.join("");
}
