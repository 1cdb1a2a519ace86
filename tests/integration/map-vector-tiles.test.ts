/**
 * The street map's vector tiles (decision 064): a PMTiles archive the test writes (tests/fixtures/
 * pmtiles.ts) is put in the TILES bucket; `/tiles/{z}/{x}/{y}.mvt` answers its tiles' bytes with long caching
 * and an ETag of the archive, 304 to it, 404 outside the archive, 400 for an address that is not numbers;
 * the worker reads the archive by byte ranges; `/map/style.json` names the tiles (and credits OpenStreetMap in
 * the page's language) only while an archive is there, and never over a provider's MAP_TILES_URL.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MAP_STYLE_PATH, type MapStyle, VECTOR_TILES_PATH } from "#shared/map.ts";
import { map } from "#worker/map/index.ts";
import { DEFAULT_MAP_TILES_ARCHIVE } from "#worker/config.ts";
import { BELGRADE_LAYERS, type Tile, vectorTiles, writePmtiles } from "#tests/fixtures/pmtiles.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const MAX_ZOOM = 14;
let tiles: Tile[];
let archive: Uint8Array;

const path = (z: number | string, x: number | string, y: number | string) =>
  VECTOR_TILES_PATH.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));

/** The map routes in this isolate with other bindings, as a deploy with them would run. */
async function viaMap(url: string, bindings: Partial<Env>, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await map.fetch(new Request(`${ORIGIN}${url}`, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

beforeAll(async () => {
  tiles = vectorTiles(BELGRADE_LAYERS, 0, MAX_ZOOM);
  archive = await writePmtiles(tiles);
  await env.TILES.put(DEFAULT_MAP_TILES_ARCHIVE, archive);
});

describe("GET /tiles/{z}/{x}/{y}.mvt", () => {
  it("answers each tile's bytes, decompressed, with long caching and the archive's ETag; 304 to it", async () => {
    const etag = (await env.TILES.head(DEFAULT_MAP_TILES_ARCHIVE))!.etag;
    for (const tile of [tiles.find((t) => t.z === 0)!, tiles.find((t) => t.z === 9)!, tiles.at(-1)!]) {
      const res = await SELF.fetch(`${ORIGIN}${path(tile.z, tile.x, tile.y)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/vnd.mapbox-vector-tile");
      expect(res.headers.get("cache-control")).toBe("public, max-age=604800, stale-while-revalidate=2592000");
      expect(res.headers.get("etag")).toBe(`"${etag}-${tile.z}-${tile.x}-${tile.y}"`);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(tile.data);
      const again = await SELF.fetch(`${ORIGIN}${path(tile.z, tile.x, tile.y)}`, {
        headers: { "if-none-match": res.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
    }
  });

  it("404 with a clear text for a tile outside the archive or the zoom's grid, 400 for an address that is not numbers", async () => {
    const belgrade = tiles.find((t) => t.z === MAX_ZOOM)!;
    const cases: [string, number, RegExp][] = [
      [path(MAX_ZOOM + 1, belgrade.x * 2, belgrade.y * 2), 404, /outside the archive \(zooms 0–14\)/],
      [path(3, 8, 0), 404, /outside the archive/],
      [path(3, 0, 8), 404, /outside the archive/],
      [path(MAX_ZOOM, 0, 0), 404, /no tile 14\/0\/0/],
      [path("a", 0, 0), 400, /whole numbers/],
      [path(1, "1.5", 0), 400, /whole numbers/],
      [path(1, 0, "-1"), 400, /whole numbers/],
      [path("07", 1, 1), 400, /whole numbers/],
      [path(1, 0, "1e1"), 400, /whole numbers/],
      [path(1, "99999999999999999999", 0), 400, /whole numbers/],
    ];
    for (const [url, status, text] of cases) {
      const res = await SELF.fetch(`${ORIGIN}${url}`);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("content-type"), url).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("cache-control"), url).not.toContain("604800");
      expect(await res.text(), url).toMatch(text);
    }
  });

  it("reads the archive by byte ranges: the header once, then one range per tile", async () => {
    const reads: (R2Range | undefined)[] = [];
    const counting = new Proxy(env.TILES, {
      get(target, name) {
        if (name === "get")
          return (key: string, options?: R2GetOptions) => {
            reads.push(options?.range as R2Range | undefined);
            return target.get(key, options);
          };
        const value = Reflect.get(target, name) as unknown;
        return typeof value === "function" ? (value as () => unknown).bind(target) : value;
      },
    });
    const [a, b] = tiles.filter((t) => t.z === 12);
    for (const tile of [a!, b!]) {
      const res = await viaMap(path(tile.z, tile.x, tile.y), { TILES: counting });
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(tile.data);
    }
    // The header and root directory (pmtiles reads its first 16 KiB), then each tile's own bytes.
    expect(reads).toHaveLength(3);
    for (const range of reads) expect(range).toMatchObject({ offset: expect.any(Number), length: expect.any(Number) });
    expect(reads[0]).toEqual({ offset: 0, length: 16384 });
    expect((reads[1] as { length: number }).length).toBeLessThan(archive.length / 10);
  });

  it("404 for every tile where there is no archive", async () => {
    const res = await viaMap(path(0, 0, 0), { MAP_TILES_ARCHIVE: "missing.pmtiles" });
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/no vector tiles/);
  });
});

describe("GET /map/style.json with an archive", () => {
  it("names the vector tiles, their zooms and bounds, and credits OpenStreetMap in the asked language", async () => {
    const style = await (await SELF.fetch(`${ORIGIN}${MAP_STYLE_PATH}?lang=ru`)).json<MapStyle>();
    expect(style.vector).toEqual({
      tiles: VECTOR_TILES_PATH,
      min_zoom: 0,
      max_zoom: MAX_ZOOM,
      bounds: [18.8, 42.2, 23.05, 46.2],
    });
    expect(style.attribution).toBe('© участники <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>');
    const sr = await (await SELF.fetch(`${ORIGIN}${MAP_STYLE_PATH}?lang=sr`)).json<MapStyle>();
    expect(sr.attribution).toMatch(/^© saradnici projekta <a [^>]+>OpenStreetMap<\/a>$/);
    const en = await (await SELF.fetch(`${ORIGIN}${MAP_STYLE_PATH}`)).json<MapStyle>();
    expect(en.attribution).toMatch(/^© <a [^>]+>OpenStreetMap<\/a> contributors$/);
  });

  it("keeps a provider's tiles (MAP_TILES_URL) and offers no vector tiles then; the drawn basemap without an archive", async () => {
    const provider = await viaMap(MAP_STYLE_PATH, { MAP_TILES_URL: "https://tiles.example.com/{z}/{x}/{y}.png" });
    expect(await provider.json<MapStyle>()).toMatchObject({
      tiles: "https://tiles.example.com/{z}/{x}/{y}.png",
      vector: null,
    });
    const none = await viaMap(`${MAP_STYLE_PATH}?lang=sr`, { MAP_TILES_ARCHIVE: "missing.pmtiles" });
    const drawn = await none.json<MapStyle>();
    expect(drawn.vector).toBeNull();
    expect(drawn.attribution).toBe(
      '<a href="https://www.naturalearthdata.com/">Napravljeno uz Natural Earth</a> · mesta: imenik sajta',
    );
  });
});
