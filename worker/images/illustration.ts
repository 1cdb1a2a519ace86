/**
 * Generated listing illustrations: a small, deterministic scene for an image (seed, size and the
 * listing's property type). They stand in for photos until real uploads exist; no text, no network.
 * The first image of a listing shows the outside; later ones of flats and houses may show a room.
 *
 * A scene is a list of shapes, drawn in order; `sceneToSvg` writes it as SVG (what pages show) and
 * `raster.ts` paints the same shapes into pixels (the PNG that link previews need).
 */

export type IllustrationType = "apartment" | "house" | "land" | "investment" | "commercial" | "other";

export interface IllustrationInput {
  seed: number;
  width: number;
  height: number;
  type: IllustrationType;
  /** Position of the image in its listing (0 = cover). */
  position?: number;
}

/** A top-to-bottom gradient over the shape's own box. */
export interface VerticalGradient {
  top: string;
  bottom: string;
}

/** Colours are `#rgb`, `#rrggbb` or `#rrggbbaa`; coordinates are already rounded where the SVG rounds them. */
export type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: string | VerticalGradient }
  | { kind: "polygon"; points: number[]; fill: string }
  | { kind: "circle"; cx: number; cy: number; r: number; fill: string; opacity: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number; fill: string; opacity: number }
  /** A tiled grid of windows: each `tileW × tileH` tile from (x, y) holds one pane, clipped to the box. */
  | {
      kind: "windows";
      x: number;
      y: number;
      w: number;
      h: number;
      tileW: number;
      tileH: number;
      pane: { x: number; y: number; w: number; h: number };
      fill: string;
    }
  /** A dashed outline of a box (the boundary pegs of a plot). */
  | {
      kind: "dashedBox";
      x: number;
      y: number;
      w: number;
      h: number;
      stroke: string;
      width: number;
      dash: number;
      gap: number;
    }
  /** A vertical line of width 2 (a crane's cable). */
  | { kind: "cable"; x: number; y: number; length: number; stroke: string };

export interface Scene {
  width: number;
  height: number;
  shapes: Shape[];
}

/** mulberry32: the same seed draws the same scene. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Gen = ReturnType<typeof generator>;

const SKIES = [
  ["#7fb8e6", "#d8ecf8"], // clear day
  ["#5d8fd0", "#bfe0f5"], // deep blue
  ["#f2a66b", "#fbe0b8"], // golden hour
  ["#9aa9bd", "#dde3ea"], // overcast
  ["#e58f8f", "#f6d1b0"], // dusk
] as const;
const WALLS = ["#e9dcc7", "#d8c3a5", "#f1efe9", "#c9b79c", "#b7c4cf", "#e4c9b0", "#d6d0c4", "#a9b8a2"];
const ROOFS = ["#a4493d", "#8c3b2f", "#6b4e3d", "#5b5f66", "#b5653f"];
const ACCENTS = ["#2f6f8f", "#8f3f3f", "#3f7f5f", "#6f5f9f", "#c08a2f", "#2f4f6f"];
const GRASS = ["#8db86b", "#79a95a", "#a3c27a", "#6f9a4f"];

const rect = (x: number, y: number, w: number, h: number, fill: string | VerticalGradient): Shape => ({
  kind: "rect",
  x: Math.round(x),
  y: Math.round(y),
  w: Math.max(1, Math.round(w)),
  h: Math.max(1, Math.round(h)),
  fill,
});
const polygon = (points: number[], fill: string): Shape => ({ kind: "polygon", points: points.map(Math.round), fill });
const circle = (cx: number, cy: number, r: number, fill: string, opacity = 1): Shape => ({
  kind: "circle",
  cx: Math.round(cx),
  cy: Math.round(cy),
  r: Math.round(r),
  fill,
  opacity,
});
/** ` opacity=".5"` as the SVG writes it, or nothing when opaque. */
const svgOpacity = (opacity: number) => (opacity < 1 ? ` opacity="${String(opacity).replace(/^0/, "")}"` : "");
/** A decimal as the SVG writes it with one digit: what both renderers use. */
const tenth = (n: number) => Number(n.toFixed(1));

function sky(g: Gen, w: number, h: number, horizon: number): Shape[] {
  const [top, bottom] = g.pick(SKIES);
  const sunX = g.int(Math.round(w * 0.1), Math.round(w * 0.9));
  const sunR = Math.round(Math.min(w, h) * 0.06);
  const hills: number[] = [0, horizon];
  const steps = 6;
  for (let i = 0; i <= steps; i++) hills.push((w * i) / steps, horizon - g.int(0, Math.round(h * 0.12)));
  hills.push(w, horizon);
  return [
    rect(0, 0, w, horizon + 2, { top, bottom }),
    circle(sunX, horizon * 0.25, sunR, "#fff6d5", 0.85),
    polygon(hills, "#9fb3a0"),
  ];
}

/** A grid of windows over (x, y, w, h), a few of them lit. */
function windows(g: Gen, x: number, y: number, w: number, h: number, cols: number, rows: number): Shape[] {
  const cw = w / cols;
  const rh = h / rows;
  const out: Shape[] = [
    {
      kind: "windows",
      x: Math.round(x),
      y: Math.round(y),
      w: Math.max(1, Math.round(w)),
      h: Math.max(1, Math.round(h)),
      tileW: tenth(cw),
      tileH: tenth(rh),
      pane: { x: tenth(cw * 0.2), y: tenth(rh * 0.2), w: tenth(cw * 0.6), h: tenth(rh * 0.55) },
      fill: "#5f7d95",
    },
  ];
  const lit = g.int(1, Math.min(6, cols * rows));
  for (let i = 0; i < lit; i++) {
    const c = g.int(0, cols - 1);
    const r = g.int(0, rows - 1);
    out.push(rect(x + c * cw + cw * 0.2, y + r * rh + rh * 0.2, cw * 0.6, rh * 0.55, "#f7dc8a"));
  }
  return out;
}

function tree(g: Gen, x: number, ground: number, size: number): Shape[] {
  const green = g.pick(["#4f8a4b", "#3f7a45", "#5d9a52", "#6a8f3f"]);
  return [
    rect(x - size * 0.08, ground - size * 0.6, size * 0.16, size * 0.6, "#6b4b35"),
    circle(x, ground - size * 0.75, size * 0.38, green),
  ];
}

function apartmentBlock(g: Gen, w: number, h: number, ground: number): Shape[] {
  const bw = w * (0.4 + g.next() * 0.25);
  const bh = ground * (0.55 + g.next() * 0.35);
  const bx = (w - bw) / 2 + (g.next() - 0.5) * w * 0.2;
  const by = ground - bh;
  const floors = g.int(4, 10);
  const out = [
    rect(bx, by, bw, bh, g.pick(WALLS)),
    rect(bx - bw * 0.02, by - h * 0.015, bw * 1.04, h * 0.02, "#7d7a75"),
  ];
  out.push(...windows(g, bx + bw * 0.05, by + bh * 0.04, bw * 0.9, bh * 0.92, g.int(4, 7), floors));
  if (g.next() < 0.6)
    for (let i = 1; i < floors; i += 2)
      out.push(rect(bx + bw * 0.05, by + (bh * i) / floors + (bh / floors) * 0.72, bw * 0.9, bh * 0.012, "#8a8a8a"));
  return [...out, ...tree(g, bx - w * 0.06, ground, h * 0.22), ...tree(g, bx + bw + w * 0.06, ground, h * 0.18)];
}

function house(g: Gen, w: number, h: number, ground: number): Shape[] {
  const hw = w * (0.35 + g.next() * 0.15);
  const hh = h * (0.22 + g.next() * 0.1);
  const hx = (w - hw) / 2 + (g.next() - 0.5) * w * 0.15;
  const hy = ground - hh;
  const roof = h * (0.12 + g.next() * 0.08);
  const out = [rect(hx, hy, hw, hh, g.pick(WALLS))];
  out.push(polygon([hx - hw * 0.06, hy, hx + hw / 2, hy - roof, hx + hw * 1.06, hy], g.pick(ROOFS)));
  out.push(rect(hx + hw * 0.7, hy - roof * 0.8, hw * 0.07, roof * 0.5, "#7a4a3a"));
  out.push(rect(hx + hw * 0.42, hy + hh * 0.4, hw * 0.16, hh * 0.6, g.pick(ACCENTS)));
  out.push(
    rect(hx + hw * 0.1, hy + hh * 0.25, hw * 0.2, hh * 0.3, "#6f8fa8"),
    rect(hx + hw * 0.7, hy + hh * 0.25, hw * 0.2, hh * 0.3, "#6f8fa8"),
  );
  const fence = g.pick(["#f4f1ea", "#8b6b4a", "#6d6d6d"]);
  out.push(rect(0, ground - h * 0.05, w, h * 0.012, fence));
  for (let x = w * 0.02; x < w; x += w * 0.04) out.push(rect(x, ground - h * 0.07, w * 0.008, h * 0.07, fence));
  return [...out, ...tree(g, hx - w * 0.12, ground, h * 0.3), ...tree(g, hx + hw + w * 0.1, ground, h * 0.24)];
}

function land(g: Gen, w: number, h: number, ground: number): Shape[] {
  const out: Shape[] = [];
  const rows = g.int(4, 7);
  const fields = ["#c9b458", "#a8c26a", "#8fb35a", "#d6c47a", "#b49a5a"];
  for (let i = 0; i < rows; i++) {
    const y0 = ground + ((h - ground) * i) / rows;
    const y1 = ground + ((h - ground) * (i + 1)) / rows;
    out.push(polygon([0, y0, w, y0 - h * 0.01 * i, w, y1, 0, y1], g.pick(fields)));
  }
  for (let i = 0; i < 5; i++) out.push(...tree(g, g.int(0, w), ground, h * (0.08 + g.next() * 0.08)));
  const px = w * (0.25 + g.next() * 0.3);
  const py = ground + (h - ground) * 0.3;
  const pw = w * 0.35;
  const ph = (h - ground) * 0.45;
  out.push({
    kind: "dashedBox",
    x: Math.round(px),
    y: Math.round(py),
    w: Math.round(pw),
    h: Math.round(ph),
    stroke: "#f4f1ea",
    width: Math.max(2, Math.round(w / 300)),
    dash: 8,
    gap: 6,
  });
  for (const [x, y] of [
    [px, py],
    [px + pw, py],
    [px, py + ph],
    [px + pw, py + ph],
  ] as const)
    out.push(rect(x - 3, y - h * 0.04, 6, h * 0.04, "#c0392b"));
  return out;
}

function construction(g: Gen, w: number, h: number, ground: number): Shape[] {
  const bw = w * 0.38;
  const bh = ground * 0.6;
  const bx = w * (0.35 + g.next() * 0.1);
  const by = ground - bh;
  const built = g.int(3, 6);
  const grid = windows(g, bx, by + bh * (1 - built / 8), bw, (bh * built) / 8, 5, built);
  const out = [rect(bx, by + bh * (1 - built / 8), bw, (bh * built) / 8, g.pick(WALLS)), ...grid];
  for (let i = 0; i <= 5; i++) out.push(rect(bx + (bw * i) / 5 - 2, by, 4, bh, "#8d8d8d"));
  const cx = bx - w * 0.08;
  const arm = g.pick(["#e8b92f", "#e07b2a", "#d9c12b"]);
  out.push(
    rect(cx, by - h * 0.15, w * 0.02, bh + h * 0.15, arm),
    rect(cx - w * 0.1, by - h * 0.15, w * 0.55, h * 0.02, arm),
  );
  out.push({
    kind: "cable",
    x: Math.round(cx + w * 0.35),
    y: Math.round(by - h * 0.13),
    length: Math.round(h * 0.2),
    stroke: "#333",
  });
  return [...out, rect(cx + w * 0.33, by + h * 0.07, w * 0.05, h * 0.03, "#6d6d6d")];
}

function shopfront(g: Gen, w: number, h: number, ground: number): Shape[] {
  const bw = w * 0.7;
  const bx = (w - bw) / 2;
  const bh = ground * 0.75;
  const by = ground - bh;
  const accent = g.pick(ACCENTS);
  const out = [
    rect(bx, by, bw, bh, g.pick(WALLS)),
    ...windows(g, bx + bw * 0.04, by + bh * 0.05, bw * 0.92, bh * 0.55, g.int(5, 8), g.int(2, 4)),
  ];
  out.push(
    rect(bx, ground - bh * 0.32, bw, bh * 0.32, "#4a4f55"),
    rect(bx + bw * 0.05, ground - bh * 0.27, bw * 0.55, bh * 0.27, "#9cc3d8"),
  );
  out.push(rect(bx + bw * 0.68, ground - bh * 0.27, bw * 0.14, bh * 0.27, "#6f8fa8"));
  for (let i = 0; i < 8; i++)
    out.push(rect(bx + (bw * i) / 8, ground - bh * 0.38, bw / 16, bh * 0.06, i % 2 ? "#f4f1ea" : accent));
  return out;
}

function garages(g: Gen, w: number, h: number, ground: number): Shape[] {
  const count = g.int(3, 5);
  const gw = (w * 0.8) / count;
  const gh = h * 0.22;
  const out = [rect(w * 0.08, ground - gh - h * 0.03, w * 0.84, h * 0.03, "#6d6d6d")];
  for (let i = 0; i < count; i++) {
    const x = w * 0.1 + i * gw;
    out.push(
      rect(x, ground - gh, gw * 0.92, gh, g.pick(WALLS)),
      rect(x + gw * 0.1, ground - gh * 0.8, gw * 0.72, gh * 0.8, g.pick(ACCENTS)),
    );
    for (let j = 1; j < 5; j++)
      out.push(rect(x + gw * 0.1, ground - gh * 0.8 + (gh * 0.8 * j) / 5, gw * 0.72, 2, "#00000033"));
  }
  return out;
}

function interior(g: Gen, w: number, h: number): Shape[] {
  const floorY = h * (0.68 + g.next() * 0.08);
  const wall = g.pick(["#efe6da", "#e3ebe8", "#f3ece1", "#dfe4ec", "#eadfd6"]);
  const [top, bottom] = g.pick(SKIES);
  const wx = w * (0.08 + g.next() * 0.15);
  const ww = w * 0.3;
  const wy = h * 0.14;
  const wh = floorY * 0.55;
  const sofa = g.pick(ACCENTS);
  const out = [
    rect(0, 0, w, floorY, wall),
    rect(0, floorY, w, h - floorY, g.pick(["#b58b5f", "#a0764f", "#c7a27a", "#8a6a4f"])),
  ];
  out.push(
    rect(wx - 6, wy - 6, ww + 12, wh + 12, "#fafafa"),
    rect(wx, wy, ww, wh, top),
    rect(wx, wy + wh * 0.6, ww, wh * 0.4, bottom),
    rect(wx + ww / 2 - 2, wy, 4, wh, "#fafafa"),
  );
  const sx = w * (0.5 + g.next() * 0.1);
  const sw = w * 0.35;
  out.push(
    rect(sx, floorY - h * 0.2, sw, h * 0.12, sofa),
    rect(sx, floorY - h * 0.1, sw, h * 0.1, sofa),
    rect(sx - w * 0.02, floorY - h * 0.14, w * 0.03, h * 0.14, sofa),
    rect(sx + sw - w * 0.01, floorY - h * 0.14, w * 0.03, h * 0.14, sofa),
  );
  out.push({
    kind: "ellipse",
    cx: Math.round(sx + sw / 2),
    cy: Math.round(floorY + (h - floorY) * 0.45),
    rx: Math.round(sw * 0.6),
    ry: Math.round((h - floorY) * 0.25),
    fill: g.pick(ACCENTS),
    opacity: 0.5,
  });
  out.push(
    rect(sx + sw * 0.25, h * 0.18, sw * 0.5, h * 0.16, "#7a6a5a"),
    rect(sx + sw * 0.28, h * 0.19, sw * 0.44, h * 0.14, g.pick(["#e8b92f", "#5d8fd0", "#c0392b", "#79a95a"])),
  );
  const lx = w * 0.93;
  out.push(
    rect(lx - 2, floorY - h * 0.4, 4, h * 0.4, "#555"),
    polygon(
      [
        lx - w * 0.03,
        floorY - h * 0.4,
        lx + w * 0.03,
        floorY - h * 0.4,
        lx + w * 0.02,
        floorY - h * 0.48,
        lx - w * 0.02,
        floorY - h * 0.48,
      ],
      "#f6e3a0",
    ),
  );
  return [...out, ...tree(g, wx + ww + w * 0.06, floorY, h * 0.18)];
}

/** The shapes of one listing image. */
export function drawIllustration({ seed, width, height, type, position = 0 }: IllustrationInput): Scene {
  const w = Math.max(16, Math.round(width));
  const h = Math.max(16, Math.round(height));
  const g = generator(seed);
  const indoor = position > 0 && (type === "apartment" || type === "house" || type === "commercial") && g.next() < 0.6;
  if (indoor) return { width: w, height: h, shapes: interior(g, w, h) };
  const ground = h * (0.68 + g.next() * 0.1);
  const shapes = [
    ...sky(g, w, h, ground),
    rect(0, ground, w, h - ground, type === "commercial" || type === "other" ? "#9a9a96" : g.pick(GRASS)),
  ];
  if (type === "apartment") shapes.push(...apartmentBlock(g, w, h, ground));
  else if (type === "house") shapes.push(...house(g, w, h, ground));
  else if (type === "land") shapes.push(...land(g, w, h, ground));
  else if (type === "investment") shapes.push(...construction(g, w, h, ground));
  else if (type === "commercial") shapes.push(...shopfront(g, w, h, ground));
  else shapes.push(...garages(g, w, h, ground));
  return { width: w, height: h, shapes };
}

function svgShape(shape: Shape): string {
  switch (shape.kind) {
    case "rect": {
      const { x, y, w, h, fill } = shape;
      // One gradient per scene (the sky or nothing), so a fixed id is enough.
      if (typeof fill !== "string")
        return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${fill.top}"/><stop offset="1" stop-color="${fill.bottom}"/></linearGradient></defs><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#s)"/>`;
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`;
    }
    case "polygon":
      return `<path d="M${shape.points.join(" ")}Z" fill="${shape.fill}"/>`;
    case "circle":
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"${svgOpacity(shape.opacity)}/>`;
    case "ellipse": {
      const { cx, cy, rx, ry, fill, opacity } = shape;
      return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${svgOpacity(opacity)}/>`;
    }
    case "windows": {
      const { x, y, w, h, tileW, tileH, pane, fill } = shape;
      return (
        `<defs><pattern id="w" x="${x}" y="${y}" width="${tileW.toFixed(1)}" height="${tileH.toFixed(1)}" patternUnits="userSpaceOnUse">` +
        `<rect x="${pane.x.toFixed(1)}" y="${pane.y.toFixed(1)}" width="${pane.w.toFixed(1)}" height="${pane.h.toFixed(1)}" fill="${fill}"/></pattern></defs>` +
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#w)"/>`
      );
    }
    case "dashedBox": {
      const { x, y, w, h, stroke, width, dash, gap } = shape;
      return `<path d="M${x} ${y}h${w}v${h}h${-w}Z" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-dasharray="${dash} ${gap}"/>`;
    }
    case "cable":
      return `<path d="M${shape.x} ${shape.y}v${shape.length}" stroke="${shape.stroke}" stroke-width="2"/>`;
  }
}

/** A scene as an SVG document. */
function sceneToSvg(scene: Scene): string {
  const { width: w, height: h } = scene;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${scene.shapes.map(svgShape).join("")}</svg>`;
}

/** The SVG document of one listing image. */
export function renderIllustration(input: IllustrationInput): string {
  return sceneToSvg(drawIllustration(input));
}
