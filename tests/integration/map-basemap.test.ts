/**
 * The basemap (decision 044): `/map/style.json` from wrangler.toml's vars, self-served by default, and the
 * SVG tiles the worker draws from Natural Earth and the gazetteer. The provider case runs the map routes
 * in this isolate with the vars set (`map.fetch`), as a deploy with a provider would.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_STYLE_PATH,
  MAP_TILE_SIZE,
  type MapStyle,
  SELF_TILES_PATH,
} from "#shared/map.ts";
import { map } from "#worker/map/index.ts";
import { tilesImageSource } from "#worker/middleware/security-headers.ts";
import { worldPixel } from "#worker/map/geo.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const tilePath = (z: number, x: number, y: number) =>
  SELF_TILES_PATH.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
const tileAt = (lng: number, lat: number, z: number) =>
  worldPixel(lng, lat, z).map((v) => Math.floor(v / MAP_TILE_SIZE)) as [number, number];
const BELGRADE = [20.4633, 44.8176] as const;

/**
 * Well-formed markup without a DOM parser: every tag closed in order, attribute values quoted, no text
 * outside `<text>`; the names of the elements in order.
 */
function elementsOf(svg: string): string[] {
  const open: string[] = [];
  const names: string[] = [];
  const tag = /<(\/?)([a-z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>|([^<]+)/gy;
  let end = 0;
  for (const m of svg.matchAll(tag)) {
    end = m.index + m[0].length;
    const [, closing, name, , selfClosing, text] = m;
    if (text !== undefined) {
      expect(open.at(-1), `text ${text}`).toBe("text");
      expect(text).not.toMatch(/&(?!(?:lt|gt|amp|apos|quot);)/);
    } else if (closing) expect(open.pop()).toBe(name);
    else {
      names.push(name!);
      if (!selfClosing) open.push(name!);
    }
  }
  expect(end, "markup parsed to the end").toBe(svg.length);
  expect(open).toEqual([]);
  return names;
}

async function tile(z: number, x: number, y: number, query = "") {
  const res = await SELF.fetch(`${ORIGIN}${tilePath(z, x, y)}${query}`);
  expect(res.status, `${z}/${x}/${y}`).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  return { res, svg: await res.text() };
}

describe("GET /map/style.json", () => {
  it("points at the self-served tiles with their attribution by default", async () => {
    const res = await SELF.fetch(`${ORIGIN}${MAP_STYLE_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const style = await res.json<MapStyle>();
    expect(style).toEqual({
      tiles: SELF_TILES_PATH,
      attribution: expect.stringContaining("Made with Natural Earth"),
      min_zoom: MAP_MIN_ZOOM,
      max_zoom: MAP_MAX_ZOOM,
      tile_size: MAP_TILE_SIZE,
      vector: null,
    });
    expect(style.attribution).toContain('href="https://www.naturalearthdata.com/"');
    expect(style.attribution).toMatch(/gazetteer/);
  });

  it("gives a provider's template and attribution when MAP_TILES_URL is set", async () => {
    const ctx = createExecutionContext();
    const provider = {
      ...env,
      MAP_TILES_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
      MAP_TILES_ATTRIBUTION: "&copy; Example Maps",
    };
    const res = await map.fetch(new Request(`${ORIGIN}${MAP_STYLE_PATH}`), provider, ctx);
    await waitOnExecutionContext(ctx);
    expect(await res.json<MapStyle>()).toEqual({
      tiles: "https://tiles.example.com/{z}/{x}/{y}.png",
      attribution: "&copy; Example Maps",
      min_zoom: MAP_MIN_ZOOM,
      max_zoom: MAP_MAX_ZOOM,
      tile_size: MAP_TILE_SIZE,
      vector: null,
    });
  });
});

describe("pages' Content-Security-Policy", () => {
  it("allows the tile provider's images, and no other origin's while the worker serves its own", async () => {
    expect(tilesImageSource({ MAP_TILES_URL: "https://tiles.example.com/{z}/{x}/{y}.png" })).toBe(
      "https://tiles.example.com",
    );
    expect(tilesImageSource({ MAP_TILES_URL: "https://{s}.tile.example.org/{z}/{x}/{y}.png?key=1" })).toBe(
      "https://*.tile.example.org",
    );
    for (const MAP_TILES_URL of ["", "http://tiles.example.com/{z}/{x}/{y}.png", undefined])
      expect(tilesImageSource({ MAP_TILES_URL })).toBe("");
    const res = await SELF.fetch(`${ORIGIN}/`);
    await res.arrayBuffer();
    const imgSrc = /(?:^|;\s*)img-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(imgSrc?.trim()).toBe("'self' data: blob:");
  });
});

describe("GET /map/tiles/{z}/{x}/{y}.svg", () => {
  it("draws Belgrade's tile at zoom 7: Serbia, its borders and the city named in the asked language", async () => {
    const [x, y] = tileAt(...BELGRADE, 7);
    const { res, svg } = await tile(7, x, y);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("etag")).toBeTruthy();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="256" height="256" viewBox="0 0 256 256">/,
    );
    const elements = elementsOf(svg);
    expect(elements).toContain("circle");
    expect(svg).toMatch(/<path id="serbia" [^>]*d="M[-0-9. LZM]+"\/>/);
    expect(svg).toContain(">Beograd</text>");
    expect((await tile(7, x, y, "?lang=en")).svg).toContain(">Belgrade</text>");
    expect((await tile(7, x, y, "?lang=ru")).svg).toContain(">Белград</text>");
    expect((await tile(7, x, y, "?lang=de")).svg).toContain(">Beograd</text>");
    expect(svg.length).toBeLessThan(40_000);
  });

  it("draws Belgrade's tile at zoom 12 with its districts", async () => {
    const [x, y] = tileAt(...BELGRADE, 12);
    const { svg } = await tile(12, x, y, "?lang=en");
    elementsOf(svg);
    expect(svg).toContain('<path id="serbia"');
    expect(svg).toContain(">Belgrade</text>");
    expect(svg).toMatch(/font-style="italic"[^>]*>(Vračar|New Belgrade|Savski Venac|Zemun)<\/text>/);
  });

  it("draws only sea in the middle of the Atlantic, and Serbia nowhere outside its tiles", async () => {
    const [x, y] = tileAt(-30, 40, 7);
    const { svg } = await tile(7, x, y);
    expect(elementsOf(svg)).toEqual(["svg", "rect"]);
    const { svg: vienna } = await tile(9, ...tileAt(16.37, 48.21, 9));
    expect(vienna).not.toContain('id="serbia"');
    expect(vienna).toMatch(/<path fill="[^"]+" fill-rule="evenodd" d="M/);
  });

  it("answers 304 to its own ETag", async () => {
    const [x, y] = tileAt(...BELGRADE, 8);
    const { res } = await tile(8, x, y);
    const again = await SELF.fetch(`${ORIGIN}${tilePath(8, x, y)}`, {
      headers: { "if-none-match": res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("404 for a tile that does not exist", async () => {
    for (const path of [
      tilePath(MAP_MAX_ZOOM + 1, 0, 0),
      tilePath(7, 128, 0),
      tilePath(7, 0, 128),
      tilePath(0, 1, 0),
      "/map/tiles/-1/0/0.svg",
      "/map/tiles/7/1.5/0.svg",
      "/map/tiles/07/1/1.svg",
      "/map/tiles/7/1/01.svg",
      "/map/tiles/7/1/1.png",
      "/map/tiles/7/1e1/1.svg",
      "/map/tiles/7/99999999999999999999/1.svg",
    ]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("max-age=86400");
      await res.arrayBuffer();
    }
    expect((await tile(0, 0, 0)).svg).toContain('id="serbia"');
  });
});
