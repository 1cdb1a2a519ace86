/**
 * Street-level vector tiles served by the site itself (decision 064): an OpenStreetMap extract
 * of Serbia as one PMTiles archive in R2 (the `TILES` bucket, key `MAP_TILES_ARCHIVE`), read by ranges —
 * the header and directories once per isolate, one range per tile — and answered at VECTOR_TILES_PATH.
 * Without an archive the path answers 404 and `/map/style.json` offers the drawn basemap instead, so the
 * browser never asks for a vector tile there is none of.
 */
import { EtagMismatch, type Header, PMTiles, ResolvedValueCache, type Source, TileType } from "pmtiles";
import { config, type ConfigSource } from "#worker/config.ts";

/** What the worker needs of its bindings here (absent: no archive) and its settings (MAP_TILES_ARCHIVE). */
export type ArchiveEnv = { TILES?: R2Bucket } & ConfigSource;
/**
 * How long an isolate trusts what it found in R2 (an archive, its version, or none) before looking again:
 * an upload is seen within a minute, and a tile request costs one R2 read, not two.
 */
const ARCHIVE_CHECK_MS = 60_000;

/** An archive in R2 read by byte ranges; a changed object (another ETag) makes pmtiles read its header anew. */
class R2RangeSource implements Source {
  constructor(
    readonly bucket: R2Bucket,
    readonly key: string,
  ) {}

  getKey() {
    return `r2:${this.key}`;
  }

  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string) {
    const object = await this.bucket.get(this.key, {
      range: { offset, length },
      ...(etag ? { onlyIf: { etagMatches: etag } } : {}),
    });
    if (!object) throw new Error(`R2 object ${this.key} is gone`);
    // R2 answers a failed precondition with the object's metadata and no body: the archive was replaced.
    if (!("body" in object)) throw new EtagMismatch(`R2 object ${this.key} changed`);
    return { data: await object.arrayBuffer(), etag: object.etag };
  }
}

export interface OpenArchive {
  pmtiles: PMTiles;
  header: Header;
}

let kept: { bucket: R2Bucket; key: string; checkedAt: number; archive: OpenArchive | null } | undefined;

/**
 * The archive of this deployment with its header, or null when there is none (no binding, no object, not
 * vector tiles). Kept per isolate for ARCHIVE_CHECK_MS; a new upload (another ETag) is opened afresh.
 */
export async function openArchive(env: ArchiveEnv, now = Date.now()): Promise<OpenArchive | null> {
  const bucket = env.TILES;
  if (!bucket) return null;
  const key = config(env).MAP_TILES_ARCHIVE;
  if (kept && kept.bucket === bucket && kept.key === key && now - kept.checkedAt < ARCHIVE_CHECK_MS)
    return kept.archive;
  const object = await bucket.head(key);
  let archive: OpenArchive | null = null;
  if (object) {
    const same =
      kept?.archive && kept.bucket === bucket && kept.key === key && kept.archive.header.etag === object.etag;
    archive = same ? kept!.archive : await read(bucket, key);
  }
  kept = { bucket, key, checkedAt: now, archive };
  return archive;
}

async function read(bucket: R2Bucket, key: string): Promise<OpenArchive | null> {
  // Promises are not shared between requests in Workers: the cache keeps resolved values only.
  const pmtiles = new PMTiles(new R2RangeSource(bucket, key), new ResolvedValueCache());
  try {
    const header = await pmtiles.getHeader();
    if (header.tileType === TileType.Mvt) return { pmtiles, header };
    console.warn("map archive is not vector tiles", { key, tileType: header.tileType });
  } catch (error) {
    console.warn("map archive unreadable", { key, message: (error as Error).message });
  }
  return null;
}

/** The browser's part of MapStyle: where the vector tiles are and which zooms the archive holds. */
export function vectorStyle(header: Header, path: string) {
  return {
    tiles: path,
    min_zoom: header.minZoom,
    max_zoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat] as [number, number, number, number],
  };
}
