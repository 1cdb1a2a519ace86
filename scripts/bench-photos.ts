/**
 * `npm run bench:photos [-- --photos 3 --kinds baseline-420,progressive-444 --size 4096x3072 --quality 90
 * --orientation 6 --codec images|isolate --fresh --warm-up --no-build]`:
 * the time and the memory per uploaded photo ("Speed and size"; decisions 031, 046 and 054). Builds the production
 * worker into its own folder (.builds/bench-photos), seeds a fresh local D1 (.wrangler/bench-photos-state,
 * so the upload counter starts at zero), adds a draft listing of the seed's ordinary user, serves the build
 * on workerd and uploads `--photos` JPEGs of each kind (baseline or progressive, 4:2:0 or 4:4:4) at the
 * largest accepted size (`--size`, by default PHOTO_MAX_PIXELS: 4096 × 3072, 2–5 MB at `--quality` 90, painted and encoded
 * here with MozJPEG: nothing large sits in git) one after another through `POST /api/realty/edit/image`. Each answer covers
 * the whole pipeline: decode, scale, encode the master and three WebP variants, and store them in the
 * local R2. For each upload it reads the workerd process's peak resident memory above what it held just
 * before (Linux: VmHWM, reset through clear_refs) and what it holds after. Prints a table and the worker
 * bundle's size (its scripts, and its WASM codecs apart); exits non-zero if an upload fails. `--fresh` serves
 * each kind from a workerd of its own, so the first upload of every kind is a cold isolate's (the worst
 * case: the codecs' memories and code are new); `--warm-up` first uploads a 640 × 480 photo of the kind,
 * not counted, to tell what the cold isolate costs apart from the photo. `--codec` chooses who decodes and
 * encodes (decision 096): `images`, the Images binding (locally miniflare's sharp, in the wrangler process,
 * not in workerd), or `isolate`, the Worker's own WASM codecs as a Worker without the binding runs them.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode.js";
import encodeWebp, { init as initWebpEncoder } from "@jsquash/webp/encode.js";
import { weighFiles } from "#harness/audit/first-load.ts";
import { freshBenchSite } from "#harness/bench-site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { wrangler } from "#harness/wrangler.ts";
import { encodePng } from "#worker/images/png.ts";
import { PHOTO_CODEC_HEADER } from "#worker/http/photo-bindings.ts";

/** MozJPEG's options for each kind of file: a phone writes baseline 4:2:0, editors progressive or 4:4:4. */
const KINDS = {
  "baseline-420": { progressive: false, auto_subsample: false, chroma_subsample: 2 },
  "baseline-444": { progressive: false, auto_subsample: false, chroma_subsample: 1 },
  "progressive-420": { progressive: true, auto_subsample: false, chroma_subsample: 2 },
  "progressive-444": { progressive: true, auto_subsample: false, chroma_subsample: 1 },
  // Not JPEGs: decoded whole (no DCT scaling), so their limit is the decoding estimate's.
  webp: null,
  png: null,
};
type Kind = keyof typeof KINDS;

const { values } = parseArgs({
  options: {
    photos: { type: "string", default: "3" },
    size: { type: "string", default: "4096x3072" },
    kinds: { type: "string", default: "baseline-420,baseline-444,progressive-420,progressive-444" },
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
    quality: { type: "string", default: "90" },
    orientation: { type: "string", default: "1" },
    fresh: { type: "boolean", default: false },
    "warm-up": { type: "boolean", default: false },
    codec: { type: "string", default: "images" },
  },
});
if (values.codec !== "images" && values.codec !== "isolate") throw new Error("--codec is images or isolate");
const PHOTOS = Number(values.photos);
const folders = FOLDERS["bench-photos"];
/** By default the largest photo accepted; quality and noise chosen so that it weighs as a phone's does. */
const [WIDE, HIGH] = values.size.split("x").map(Number) as [number, number];
const QUALITY = Number(values.quality);
/** An EXIF orientation other than 1 (a phone held upright writes 6) makes the pipeline turn the master. */
const ORIENTATION = Number(values.orientation);
const NOISE = 22;
const LISTING_ID = 990_001;
/** A visitor's address; loopback when the development header must apply (`--codec isolate`). */
const ADDRESS = values.codec === "isolate" ? "127.0.0.1" : "198.51.100.7";
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** `jpeg` with an APP1 Exif segment after its SOI holding only the orientation (a big-endian TIFF, one IFD entry). */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const segment = new Uint8Array(4 + 6 + 26);
  const view = new DataView(segment.buffer);
  segment.set([0xff, 0xe1, 0, segment.length - 2, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a]);
  view.setUint32(14, 8);
  view.setUint16(18, 1);
  view.setUint16(20, 0x0112);
  view.setUint16(22, 3);
  view.setUint32(24, 1);
  view.setUint16(28, orientation);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** Gradients, waves, a checkerboard and sensor-like noise: JPEG finds about as much detail as in a photo. */
async function phonePhoto(variant: number, kind: Kind, WIDTH = WIDE, HEIGHT = HIGH): Promise<Uint8Array> {
  const wasm = new URL("../node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm", import.meta.url);
  await initJpegEncoder(new WebAssembly.Module(readFileSync(wasm)));
  const webpWasm = new URL("../node_modules/@jsquash/webp/codec/enc/webp_enc_simd.wasm", import.meta.url);
  if (kind === "webp") await initWebpEncoder(new WebAssembly.Module(readFileSync(webpWasm)));
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  let seed = variant + 1;
  const noise = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32 - 0.5) * NOISE;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const tile = ((x >> 7) + (y >> 7) + variant) & 1 ? 40 : 0;
      data[i] = 60 + (x * 150) / WIDTH + tile + noise();
      data[i + 1] = 90 + (y * 120) / HEIGHT + 30 * Math.sin(x / 37) + noise();
      data[i + 2] = 140 + 60 * Math.cos((x + y) / 91) - tile + noise();
      data[i + 3] = 255;
    }
  }
  const image = { data, width: WIDTH, height: HEIGHT } as ImageData;
  if (kind === "webp") return new Uint8Array(await encodeWebp(image, { quality: QUALITY }));
  if (kind === "png") {
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let i = 0; i < WIDTH * HEIGHT; i++) rgb.set(data.subarray(i * 4, i * 4 + 3), i * 3);
    return encodePng(WIDTH, HEIGHT, rgb);
  }
  const jpeg = new Uint8Array(await encodeJpeg(image, { quality: QUALITY, ...KINDS[kind] }));
  return ORIENTATION === 1 ? jpeg : withOrientation(jpeg, ORIENTATION);
}

/** A draft listing of the seed's ordinary user, written before the server holds the D1 file. */
async function addDraft() {
  const user = DEV_ACCOUNTS.find((a) => a.role === "user")!;
  const now = Date.now();
  const sql = `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
      title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
    SELECT ${LISTING_ID}, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
      'Photo bench draft', 'A draft flat for the photo bench.', 'en', id, '+381601234567', 'draft',
      ${now}, ${now}, ${now + 30 * 86_400_000}
    FROM users WHERE email = '${user.email}'`;
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", folders.state, "--command", sql], { quiet: true });
}

async function signIn(server: ServedBuild): Promise<string> {
  const user = DEV_ACCOUNTS.find((a) => a.role === "user")!;
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth-mode": "bearer", "cf-connecting-ip": ADDRESS },
    body: JSON.stringify({ login: user.email, password: user.password, remember_me: false }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function upload(server: ServedBuild, token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("id", String(LISTING_ID));
  // The name and type are not read: the pipeline goes by the bytes.
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }));
  return fetch(`${server.url}/api/realty/edit/image`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "x-requested-with": "XMLHttpRequest",
      origin: server.url,
      "cf-connecting-ip": ADDRESS,
      ...(values.codec === "isolate" ? { [PHOTO_CODEC_HEADER]: "isolate" } : {}),
    },
    body: form,
  });
}

function bundleSize() {
  const dir = `${folders.build}/server`;
  const assets = readdirSync(`${dir}/assets`);
  const scripts = weighFiles([
    `${dir}/index.js`,
    ...assets.filter((f) => f.endsWith(".js")).map((f) => `${dir}/assets/${f}`),
  ]);
  const wasm = weighFiles(assets.filter((f) => f.endsWith(".wasm")).map((f) => `${dir}/assets/${f}`));
  console.log(`worker scripts: ${kb(scripts.raw)} KB, ${kb(scripts.gzip)} KB gzip`);
  console.log(`worker WASM:    ${kb(wasm.raw)} KB, ${kb(wasm.gzip)} KB gzip`);
  console.log(`together:       ${kb(scripts.raw + wasm.raw)} KB, ${kb(scripts.gzip + wasm.gzip)} KB gzip`);
}

/** The workerd processes that wrangler dev started (its session is the served build's). */
function workerdPids(server: ServedBuild): number[] {
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "-s", String(server.process.pid)], { encoding: "utf8" });
  const pids = listing
    .split("\n")
    .filter((line) => line.trim().endsWith("workerd"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
  if (pids.length === 0) throw new Error(`no workerd among\n${listing}`);
  return pids;
}

/**
 * A process's resident memory and its peak since the last reset, in KB; `reset` starts a new peak
 * (writing 5 to clear_refs resets VmHWM to the current RSS).
 */
function memory(pid: number, reset: boolean): { rss: number; peak: number } {
  if (reset) writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const value = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: value("VmRSS"), peak: value("VmHWM") };
}

async function main() {
  await freshBenchSite(folders, { build: values.build && !values["no-build"], listings: 50 });
  await addDraft();
  const kinds = values.kinds.split(",") as Kind[];
  for (const kind of kinds) if (!(kind in KINDS)) throw new Error(`unknown kind ${kind}: ${Object.keys(KINDS)}`);
  console.log(`▶ painting ${PHOTOS} photos of ${WIDE} × ${HIGH} of each kind: ${kinds.join(", ")}`);
  const photos: { kind: Kind; bytes: Uint8Array; warmUp: boolean }[] = [];
  for (const kind of kinds) {
    if (values["warm-up"]) photos.push({ kind, bytes: await phonePhoto(0, kind, 640, 480), warmUp: true });
    for (let i = 0; i < PHOTOS; i++) photos.push({ kind, bytes: await phonePhoto(i, kind), warmUp: false });
  }

  type Row = {
    kind: Kind;
    warmUp: boolean;
    bytes: number;
    status: number;
    ms: number;
    peakMb: number;
    afterMb: number;
  };
  const rows: Row[] = [];
  // One workerd for all, or (--fresh) one per kind: each kind's first upload then meets a cold isolate.
  const batches = values.fresh ? kinds.map((kind) => photos.filter((p) => p.kind === kind)) : [photos];
  for (const batch of batches) {
    const server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
    const workerd = workerdPids(server);
    console.log(
      `▶ served at ${server.url} (workerd ${workerd.join(", ")}); ${os.cpus().length} cores, ` +
        `load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    try {
      const token = await signIn(server);
      for (const { kind, bytes, warmUp } of batch) {
        const before = workerd.map((pid) => memory(pid, true));
        const started = performance.now();
        const res = await upload(server, token, bytes);
        await res.arrayBuffer();
        const ms = performance.now() - started;
        // The process that ran the upload: the one whose memory grew most.
        const growth = workerd
          .map((pid, i) => ({ now: memory(pid, false), was: before[i]! }))
          .map(({ now, was }) => ({ peak: now.peak - was.rss, after: now.rss - was.rss }))
          .sort((a, b) => b.peak - a.peak)[0]!;
        rows.push({
          kind,
          warmUp,
          bytes: bytes.length,
          status: res.status,
          ms,
          peakMb: growth.peak / 1024,
          afterMb: growth.after / 1024,
        });
      }
    } finally {
      await server.stop();
    }
  }
  console.log("");

  console.log(`photos made by: ${values.codec === "images" ? "the Images binding" : "the isolate's codecs"}\n`);
  console.log("| # | Kind | File MB | Status | ms | Peak RSS growth MB | RSS growth after MB |");
  console.log("|--:|:--|--:|--:|--:|--:|--:|");
  rows.forEach((row, i) =>
    console.log(
      `| ${i + 1} | ${row.kind}${row.warmUp ? " (640 × 480 warm-up)" : ""} | ${(row.bytes / 1024 / 1024).toFixed(2)} | ` +
        `${row.status} | ${row.ms.toFixed(0)} | ${row.peakMb.toFixed(0)} | ${row.afterMb.toFixed(0)} |`,
    ),
  );
  const counted = rows.filter((row) => !row.warmUp);
  const times = counted.map((row) => row.ms).sort((a, b) => a - b);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  console.log(
    `\nper photo: mean ${mean.toFixed(0)} ms, median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, ` +
      `max ${times.at(-1)!.toFixed(0)} ms (the first includes compiling the codecs)`,
  );
  for (const kind of kinds) {
    const peaks = counted.filter((row) => row.kind === kind).map((row) => row.peakMb);
    console.log(`peak RSS growth, ${kind}: max ${Math.max(...peaks).toFixed(0)} MB`);
  }
  bundleSize();
  const failed = counted.filter((row) => row.status !== 201).length;
  if (failed) {
    console.log(`\n${failed} upload(s) did not answer 201`);
    process.exit(1);
  }
}

await main();
