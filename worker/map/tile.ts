/**
 * One 256×256 SVG tile of the self-served basemap (issue 24 §3): land and sea from Natural Earth
 * (basemap-data.json), Serbia emphasised, borders and coasts, then the gazetteer's cities — more of them
 * as the zoom grows, by population — and from DISTRICT_LABELS_ZOOM its districts. Labels are placed
 * once per zoom for the whole map (never per tile), and a tile draws every label whose box reaches into
 * it, so a name cut at a tile's edge goes on in its neighbour; the viewBox clips the rest.
 */
import { MAP_TILE_SIZE } from "#shared/map.ts";
import type { Locale } from "#shared/locales.ts";
import type { CityRow } from "#worker/db/cities.ts";
import type { DistrictRow } from "#worker/db/districts.ts";
import type { BasemapData } from "./extract.ts";
import { type BBox, clipLine, clipRing, intersects, type Point, tileBBox, worldPixel } from "./geo.ts";

export interface TileGazetteer {
  cities: readonly CityRow[];
  districts: readonly DistrictRow[];
}

/** The country the map is about, by its Natural Earth name: filled lighter, its borders stronger. */
const SERBIA = "Serbia";
/** Natural Earth marks the Serbia–Kosovo line as disputed; it is drawn dashed, as in its own maps. */
const DISPUTED = "Kosovo";
export const DISTRICT_LABELS_ZOOM = 12;
/** Pixels drawn beyond the tile's edge, so strokes and cut edges of fills never show inside it. */
const MARGIN = 4;
/** A vertex closer than this (px) to the last one kept adds nothing visible. */
const MIN_STEP = 0.6;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

const COLORS = {
  water: "#aad3df",
  land: "#ebe7df",
  serbia: "#fbfaf6",
  coast: "#8fb6c4",
  border: "#9b93a6",
  serbiaBorder: "#7b4f8e",
  text: "#2b2b2b",
  district: "#5c5c5c",
};

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

/** Draws tile (z, x, y); the caller has checked the coordinates. */
export function renderTile(data: BasemapData, g: TileGazetteer, z: number, x: number, y: number, locale: Locale) {
  const ox = x * MAP_TILE_SIZE;
  const oy = y * MAP_TILE_SIZE;
  const area = tileBBox(z, x, y, MARGIN);
  const rect: BBox = [-MARGIN, -MARGIN, MAP_TILE_SIZE + MARGIN, MAP_TILE_SIZE + MARGIN];

  /** The points in tile pixels, without steps too small to see. */
  const project = (points: readonly Point[]): Point[] => {
    const out: Point[] = [];
    let lastX = NaN;
    let lastY = NaN;
    for (const [lng, lat] of points) {
      const [px, py] = worldPixel(lng, lat, z);
      const tx = px - ox;
      const ty = py - oy;
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
  for (const country of data.countries)
    for (const polygon of country.polygons) {
      if (!intersects(polygon.bbox as BBox, area)) continue;
      for (const ring of polygon.rings) {
        const clipped = clipRing(project(ring as Point[]), rect);
        if (clipped.length < 3) continue;
        if (country.name === SERBIA) serbia += pathOf(clipped, true);
        else neighbours += pathOf(clipped, true);
      }
    }

  const lines = (items: readonly { bbox: readonly number[]; points: readonly (readonly number[])[] }[]) => {
    let d = "";
    for (const line of items)
      if (intersects(line.bbox as BBox, area))
        for (const piece of clipLine(project(line.points as Point[]), rect)) d += pathOf(piece, false);
    return d;
  };
  const borders = {
    other: [] as BasemapData["borders"],
    serbia: [] as BasemapData["borders"],
    disputed: [] as BasemapData["borders"],
  };
  for (const border of data.borders) {
    const [a, b] = border.between;
    const kind = a === SERBIA || b === SERBIA ? (a === DISPUTED || b === DISPUTED ? "disputed" : "serbia") : "other";
    borders[kind].push(border);
  }

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP_TILE_SIZE}" height="${MAP_TILE_SIZE}" viewBox="0 0 ${MAP_TILE_SIZE} ${MAP_TILE_SIZE}">`,
    `<rect width="${MAP_TILE_SIZE}" height="${MAP_TILE_SIZE}" fill="${COLORS.water}"/>`,
  ];
  if (neighbours) parts.push(`<path fill="${COLORS.land}" fill-rule="evenodd" d="${neighbours}"/>`);
  if (serbia) parts.push(`<path id="serbia" fill="${COLORS.serbia}" fill-rule="evenodd" d="${serbia}"/>`);
  const strokes: [string, string, string][] = [
    [lines(data.coasts), COLORS.coast, `stroke-width="0.8"`],
    [lines(borders.other), COLORS.border, `stroke-width="1"`],
    [lines(borders.disputed), COLORS.serbiaBorder, `stroke-width="1.5" stroke-dasharray="4 3"`],
    [lines(borders.serbia), COLORS.serbiaBorder, `stroke-width="2"`],
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
