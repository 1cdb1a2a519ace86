/**
 * `npm run bench:feed [-- --offers 5000 --photos 10 --no-build --timeout-min 600]`: an agency's feed imported
 * in local workerd with its photos (decisions 101, 102 and 108). Builds the worker into its own folder
 * (.builds/bench-feed), seeds a fresh local D1 and starts two servers of its own: one serving a generated YRL
 * feed of `--offers` flats with `--photos` photo addresses each (no ETag: every check reads the whole feed),
 * and a photo server answering each address with a JPEG of its own (800 × 600, EXIF with a GPS position,
 * an ETag; a request with that ETag is answered 304), counting what it is asked. It serves the build with
 * wrangler, has the seed's user found an agency, the seed's admin confirm its licence (so its feeds may
 * submit FEED_NEW_LISTINGS_PER_DAY_CHECKED new listings a day, decision 108) and the user add the feed. The
 * FEEDS queue's consumer then checks it and writes its listings in batches, and the FEED_PHOTOS queue's syncs
 * each listing's photos, each its own message (locally each queue delivers one message at a time); in development
 * the consumer logs every message with its D1 use (statements, round trips, rows written, the most
 * parameters bound to one statement: the meter of decision 091). For each import message this prints the
 * wall time, the workerd processes' CPU time in that while (the Worker and the local D1 together: an upper
 * bound of the Worker's own) and the D1 figures, and for the photos messages their maxima, the photos the
 * photo server sent, and what D1 and the local R2 hold afterwards (photos, distinct fingerprints, objects, any
 * with EXIF). It then makes the feed due again (wrangler stopped meanwhile, so one process holds the D1
 * file), runs the Cron Trigger, and prints the second run of the unchanged feed the same way: it exits
 * non-zero unless that run wrote no listing row and the photo server was asked nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { freshBenchSite } from "#harness/bench-site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { wrangler } from "#harness/wrangler.ts";
import { largeYrlFeed } from "#harness/yrl-feeds.ts";

const { values } = parseArgs({
  options: {
    offers: { type: "string", default: "5000" },
    photos: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
    "timeout-min": { type: "string", default: "600" },
  },
});
const OFFERS = Number(values.offers);
const PHOTOS = Number(values.photos);
const folders = FOLDERS["bench-feed"];
/** A visitor's address of its own, so the sign-in and the feed's POST meet no other bench's limits. */
const ADDRESS = "198.51.100.9";
/** The bench agency's licence number (a well-formed one; a moderator confirms it). */
const LICENCE = "360-00-00999/2026-10";
/**
 * How long the first run may take: an import not done by then fails the bench; photos not all synced by
 * then are reported as far as they got, with their rate, and the second run is made all the same.
 */
const RUN_TIMEOUT_MS = Number(values["timeout-min"]) * 60_000;
const TICK_MS = 1000 / 100;

/** The workerd processes that wrangler dev started (its session is the served build's). */
function workerdPids(server: ServedBuild): number[] {
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "-s", String(server.process.pid)], { encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line.trim().endsWith("workerd"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Every process of the served build's session: wrangler's node (the local Images stand-in), workerd, npx. */
function sessionPids(server: ServedBuild): number[] {
  const listing = execFileSync("ps", ["-o", "pid=", "-s", String(server.process.pid)], { encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line.trim())
    .map(Number);
}

/** User and system CPU time of the processes, in ms (/proc/{pid}/stat fields 14 and 15, in clock ticks). */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks * TICK_MS;
}

/**
 * Photo `p` of offer `i`: 800 × 600, a coarse grid of 8 × 6 blocks whose colours come from (i, p), so that
 * no two photos' fingerprints (a hash of their downscaled luminance) agree, with soft noise over it as a
 * camera's, and EXIF with a camera's make and a GPS position, which the pipeline must strip.
 */
async function benchPhoto(i: number, p: number): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const rgb = Buffer.alloc(width * height * 3);
  const random = (n: number) => Math.imul(n ^ (n >>> 15), 2654435761) >>> 0;
  const seed = random(i * 131 + p * 7 + 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const block = random(seed + Math.floor(x / 100) * 977 + Math.floor(y / 100) * 7919);
      const noise = (random(seed + x * 7919 + y * 104729) >>> 28) - 8;
      const o = (y * width + x) * 3;
      rgb[o] = 30 + (block & 0xbf) + noise;
      rgb[o + 1] = 30 + ((block >>> 8) & 0xbf) + noise;
      rgb[o + 2] = 30 + ((block >>> 16) & 0xbf) + noise;
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "Bench Camera", Model: `Offer ${i}` },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "44/1 48/1 5321/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "20/1 27/1 4/1",
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** What the photo server was asked and sent. */
interface PhotoCounts {
  requests: number;
  /** Requests carrying If-None-Match or If-Modified-Since. */
  conditional: number;
  sent: number;
  notModified: number;
  bytes: number;
}

/** Serves `/{i}/{p}.jpg` as `benchPhoto(i, p)` with an ETag, answering a request carrying it 304; counts all. */
function photoServer() {
  const counts: PhotoCounts = { requests: 0, conditional: 0, sent: 0, notModified: 0, bytes: 0 };
  const server = createServer((req, res) => {
    counts.requests++;
    if (req.headers["if-none-match"] || req.headers["if-modified-since"]) counts.conditional++;
    const match = /^\/(\d+)\/(\d+)\.jpg$/.exec(req.url ?? "");
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const etag = `"bench-${match[1]}-${match[2]}"`;
    if (req.headers["if-none-match"] === etag) {
      counts.notModified++;
      res.writeHead(304, { etag }).end();
      return;
    }
    benchPhoto(Number(match[1]), Number(match[2])).then(
      (jpeg) => {
        counts.sent++;
        counts.bytes += jpeg.length;
        res
          .writeHead(200, { "content-type": "image/jpeg", etag, "last-modified": "Sun, 29 Nov 2026 12:00:00 GMT" })
          .end(jpeg);
      },
      () => res.writeHead(500).end(),
    );
  });
  return { server, counts };
}

/** The local R2 bucket's objects (miniflare keeps each one's bytes as a file of its blobs folder). */
function r2Blobs(): string[] {
  const root = path.join(folders.state, "v3", "r2");
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (path.basename(dir) === "blobs") found.push(full);
    }
  };
  walk(root);
  return found;
}

/** Whether bytes hold an Exif APP1 segment or the bench camera's make. */
const hasExif = (bytes: Buffer) => bytes.includes("Exif\0\0") || bytes.includes("Bench Camera");

/** What the feed's photos came to: rows in D1 (one per photo held), their distinct fingerprints. */
const PHOTO_STATE = `SELECT COUNT(*) AS photos, COUNT(DISTINCT fingerprint) AS fingerprints,
  (SELECT COUNT(*) FROM listing_photo_problems) AS problems
  FROM listing_images WHERE source_url IS NOT NULL`;

async function d1(sql: string): Promise<Record<string, number>> {
  const out = await wrangler(
    ["d1", "execute", "DB", "--local", "--persist-to", folders.state, "--json", "--command", sql],
    {
      quiet: true,
    },
  );
  return (JSON.parse(out) as { results: Record<string, number>[] }[])[0]!.results[0]!;
}

async function bearer(server: ServedBuild, role: "user" | "admin" = "user"): Promise<string> {
  const user = DEV_ACCOUNTS.find((a) => a.role === role)!;
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth-mode": "bearer", "cf-connecting-ip": ADDRESS },
    body: JSON.stringify({ login: user.email, password: user.password, remember_me: false }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(server: ServedBuild, token: string, path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: server.url,
      "cf-connecting-ip": ADDRESS,
    },
    body: JSON.stringify(body),
  });
}

interface Line {
  text: string;
  wallMs: number;
  cpuMs: number;
}

/** Each FEEDS message's log line as it comes, stamped with the wall time and workerd's CPU time. */
function watch(server: ServedBuild) {
  const lines: Line[] = [];
  const waiting: ((line: Line) => void)[] = [];
  let pids: number[] = [];
  let rest = "";
  const take = (chunk: Buffer) => {
    rest += chunk.toString();
    const parts = rest.split("\n");
    rest = parts.pop()!;
    for (const text of parts) {
      if (!/^(?:feed|listing) \d+/.test(text.trim())) continue;
      if (!pids.length) pids = workerdPids(server);
      const line = { text: text.trim(), wallMs: performance.now(), cpuMs: cpuMs(pids) };
      lines.push(line);
      for (const resolve of waiting.splice(0)) resolve(line);
    }
  };
  server.process.stdout?.on("data", take);
  server.process.stderr?.on("data", take);
  return {
    lines,
    start: () => ({ wallMs: performance.now(), cpuMs: cpuMs((pids = workerdPids(server))) }),
    /**
     * Resolves true when `ended` holds for a line (it is given each line as it comes), false when the wall
     * clock (performance.now()) reaches `deadline` first.
     */
    until: (ended: (line: Line) => boolean, deadline: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(check) >>> 0, 1);
          resolve(false);
        }, deadline - performance.now());
        const check = (line: Line) => {
          if (ended(line)) {
            clearTimeout(timer);
            resolve(true);
          } else waiting.push(check);
        };
        waiting.push(check);
      }),
  };
}

/** The check's line when it left nothing to write, or the last batch's line. */
const runEnded = (feedId: number) => (line: Line) =>
  (line.text.startsWith(`feed ${feedId}:`) && !line.text.includes(", importing")) ||
  (line.text.startsWith(`feed ${feedId} run `) && /: \d+ written, done|no longer importing/.test(line.text));

const D1_FIGURES = /\[d1: (\d+) statements, (\d+) round trips, (\d+) rows written, (\d+) most bound\]/;

/** The Workers' limits a message is held to: queries per invocation, parameters bound to one statement. */
const LIMITS = { statements: 1000, bound: 100 };

interface Maxima {
  wallMs: number;
  cpuMs: number;
  statements: number;
  bound: number;
}

/**
 * Prints each feed message (the check and the import's batches) on a line of its own and the photos
 * messages together (one per listing: thousands), each kind's maxima beside the Workers' limits. A message's
 * wall and CPU time run from the line before it, whichever kind it was.
 */
function report(title: string, start: { wallMs: number; cpuMs: number }, lines: Line[]) {
  console.log(`\n${title}`);
  console.log(
    "message                                              wall ms   CPU ms  statements  round trips  rows written  most bound",
  );
  let previous = start;
  let rows = 0;
  const zero = (): Maxima => ({ wallMs: 0, cpuMs: 0, statements: 0, bound: 0 });
  const feedMax = zero();
  const photosMax = zero();
  let photoMessages = 0;
  let photoWall = 0;
  for (const line of lines) {
    const [, s = "0", r = "0", w = "0", b = "0"] = D1_FIGURES.exec(line.text) ?? [];
    const wall = line.wallMs - previous.wallMs;
    const cpu = line.cpuMs - previous.cpuMs;
    rows += Number(w);
    const photos = line.text.startsWith("listing ");
    const max = photos ? photosMax : feedMax;
    max.wallMs = Math.max(max.wallMs, wall);
    max.cpuMs = Math.max(max.cpuMs, cpu);
    max.statements = Math.max(max.statements, Number(s));
    max.bound = Math.max(max.bound, Number(b));
    if (photos) {
      photoMessages++;
      photoWall += wall;
    } else {
      const label = line.text.replace(D1_FIGURES, "").slice(0, 52).padEnd(52);
      console.log(
        `${label} ${wall.toFixed(0).padStart(7)} ${cpu.toFixed(0).padStart(8)} ${s.padStart(11)} ${r.padStart(12)} ${w.padStart(13)} ${b.padStart(11)}`,
      );
    }
    previous = line;
  }
  const last = lines.at(-1)!;
  const limits = (max: Maxima) =>
    `most statements ${max.statements} of ${LIMITS.statements}, most bound parameters ${max.bound} of ` +
    `${LIMITS.bound}, most workerd CPU ${max.cpuMs.toFixed(0)} ms, longest ${(max.wallMs / 1000).toFixed(1)} s`;
  console.log(`feed messages (check and import batches): ${limits(feedMax)}`);
  if (photoMessages) {
    console.log(
      `photos messages: ${photoMessages} (${(photoWall / photoMessages / 1000).toFixed(2)} s each on average); ${limits(photosMax)}`,
    );
  }
  console.log(
    `${lines.length} messages in ${((last.wallMs - start.wallMs) / 1000).toFixed(1)} s; workerd CPU ` +
      `${((last.cpuMs - start.cpuMs) / 1000).toFixed(1)} s; ${rows} rows written`,
  );
  const over = [feedMax, photosMax].some((m) => m.statements > LIMITS.statements || m.bound > LIMITS.bound);
  return { rows, over };
}

/** What the listings' own tables hold: a run that writes no listing leaves all of it as it was. */
const LISTING_STATE = `SELECT (SELECT COUNT(*) FROM listings) AS listings, (SELECT COUNT(*) FROM listing_events) AS events,
  (SELECT ifnull(MAX(updated_at), 0) FROM listings) AS updated, (SELECT COUNT(*) FROM feed_listings) AS feed_listings,
  (SELECT ifnull(MAX(written_at), 0) FROM feed_listings) AS written, (SELECT COUNT(*) FROM listing_revisions) AS revisions,
  (SELECT COUNT(*) FROM feed_staged) AS staged`;

async function main() {
  await freshBenchSite(folders, { build: !values["no-build"], listings: 50 });

  const photos = photoServer();
  await new Promise<void>((resolve) => photos.server.listen(0, "127.0.0.1", resolve));
  const photoOrigin = `http://127.0.0.1:${(photos.server.address() as AddressInfo).port}`;
  const feed = largeYrlFeed(OFFERS, PHOTOS, photoOrigin);
  const feedServer = createServer((_req, res) => res.writeHead(200, { "content-type": "application/xml" }).end(feed));
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
  console.log(
    `▶ feed of ${OFFERS} offers with ${PHOTOS} photos each: ${(feed.length / 1e6).toFixed(1)} MB at ${feedUrl}; ` +
      `photos at ${photoOrigin}`,
  );
  const blobsBefore = r2Blobs().length;
  const photoCounts = () => ({ ...photos.counts });
  const expectedPhotoMessages = PHOTOS > 0 ? OFFERS : 0;

  let server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
  console.log(`▶ served at ${server.url}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  const failures: string[] = [];
  try {
    const token = await bearer(server);
    const founded = await api(server, token, "/api/agency", {
      name: "Bench Realty",
      licence_number: LICENCE,
    });
    if (founded.status !== 201) throw new Error(`POST /api/agency: ${founded.status} ${await founded.text()}`);
    // A moderator checks the agency's licence, as for any agency onboarding its stock: its feeds may then put
    // FEED_NEW_LISTINGS_PER_DAY_CHECKED new listings a day into moderation, and the whole feed is imported in
    // one run (decision 108). The back office knows an agency by its licence account.
    const admin = await bearer(server, "admin");
    const awaiting = await fetch(`${server.url}/api/admin/agencies`, {
      headers: { authorization: `Bearer ${admin}`, "cf-connecting-ip": ADDRESS },
    });
    if (!awaiting.ok) throw new Error(`GET /api/admin/agencies: ${awaiting.status}`);
    const items = ((await awaiting.json()) as { items: { user_id: number; agency_name: string }[] }).items;
    const account = items.find((item) => item.agency_name === "Bench Realty")?.user_id;
    if (!account) throw new Error("the bench agency awaits no licence check");
    const checked = await api(server, admin, `/api/admin/agencies/${account}/licence/confirm`, {
      licence_number: LICENCE,
    });
    if (!checked.ok) throw new Error(`licence confirm: ${checked.status} ${await checked.text()}`);
    let log = watch(server);
    let start = log.start();
    const sessionStart = cpuMs(sessionPids(server));
    const added = await api(server, token, "/api/agency/feeds", { url: feedUrl });
    if (added.status !== 201) throw new Error(`POST /api/agency/feeds: ${added.status} ${await added.text()}`);
    const feedId = ((await added.json()) as { data: { id: number } }).data.id;
    const deadline = start.wallMs + RUN_TIMEOUT_MS;
    if (!(await log.until(runEnded(feedId), deadline))) {
      failures.push(`the import did not end within --timeout-min (${values["timeout-min"]} min)`);
      return;
    }
    const imported = performance.now();
    const importLines = log.lines.length;
    console.log(`▶ listings written in ${((imported - start.wallMs) / 1000).toFixed(1)} s; syncing their photos…`);
    let photoLines = log.lines.filter((l) => l.text.startsWith("listing ")).length;
    const progress = setInterval(() => {
      const c = photos.counts;
      console.log(
        `  … ${photoLines} of ${expectedPhotoMessages} listings' photos synced, ${c.sent} photos sent, ` +
          `${((performance.now() - start.wallMs) / 1000).toFixed(0)} s, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }, 60_000);
    let synced = true;
    try {
      if (photoLines < expectedPhotoMessages) {
        synced = await log.until(
          (line) => line.text.startsWith("listing ") && ++photoLines >= expectedPhotoMessages,
          deadline,
        );
      }
    } finally {
      clearInterval(progress);
    }
    const first = report(`First run: ${OFFERS} new offers, ${OFFERS * PHOTOS} photos`, start, log.lines);
    console.log(
      `import (check and batches) ended ${((imported - start.wallMs) / 1000).toFixed(1)} s in, after ${importLines} ` +
        `messages of both queues; all of wrangler's processes (workerd, and node with the local Images binding): ` +
        `${((cpuMs(sessionPids(server)) - sessionStart) / 1000).toFixed(1)} s CPU`,
    );
    if (first.over) failures.push("a message of the first run went over a limit");
    const firstPhotos = photoCounts();
    if (!synced) {
      const minutes = (performance.now() - start.wallMs) / 60_000;
      const perMinute = firstPhotos.sent / minutes;
      console.log(
        `✗ photos cut short after ${minutes.toFixed(1)} min (--timeout-min): ${photoLines} of ${expectedPhotoMessages} ` +
          `listings' photos synced, ${firstPhotos.sent} of ${OFFERS * PHOTOS} photos sent, ${perMinute.toFixed(0)} a ` +
          `minute; at that rate all of them would take about ${((OFFERS * PHOTOS) / perMinute / 60).toFixed(1)} h ` +
          `(an estimate from this run, not a measurement).`,
      );
      failures.push("the photos were not all synced within --timeout-min");
    }

    await server.stop();
    const before = await d1(LISTING_STATE);
    const firstRun = await d1(
      `SELECT created, waiting FROM agency_feed_runs WHERE feed_id = ${feedId} ORDER BY id LIMIT 1`,
    );
    console.log(`▶ first run's report: ${firstRun.created} listings created, ${firstRun.waiting} new offers waiting`);
    if (firstRun.created !== OFFERS || firstRun.waiting !== 0)
      failures.push("the first run did not create every offer");
    const held = await d1(PHOTO_STATE);
    const blobs = r2Blobs();
    const withExif = blobs.filter((file) => hasExif(readFileSync(file))).length;
    console.log(
      `▶ photo server: ${firstPhotos.requests} requests, ${firstPhotos.sent} photos sent ` +
        `(${(firstPhotos.bytes / 1e6).toFixed(1)} MB), ${firstPhotos.notModified} answered 304`,
    );
    console.log(
      `▶ held: ${held.photos} feed photos in D1 with ${held.fingerprints} distinct fingerprints, ` +
        `${held.problems} photo problems; ${blobs.length - blobsBefore} new R2 objects, ${withExif} of all ` +
        `${blobs.length} with EXIF`,
    );
    if (synced && held.photos !== OFFERS * PHOTOS) failures.push(`${held.photos} photos held, not ${OFFERS * PHOTOS}`);
    if (synced && firstPhotos.sent !== OFFERS * PHOTOS) {
      failures.push(`${firstPhotos.sent} photos fetched, not ${OFFERS * PHOTOS}`);
    }
    if (held.fingerprints !== held.photos) failures.push(`${held.photos} photos, ${held.fingerprints} fingerprints`);
    if (withExif > 0) failures.push(`${withExif} stored objects carry EXIF`);
    await d1(`UPDATE agency_feeds SET next_run_at = 0 WHERE id = ${feedId}`);
    console.log(`\n▶ listings' tables after the first run: ${JSON.stringify(before)}`);

    server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
    log = watch(server);
    start = log.start();
    const cron = await fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    if (!cron.ok) throw new Error(`scheduled: ${cron.status}`);
    if (!(await log.until(runEnded(feedId), performance.now() + RUN_TIMEOUT_MS))) {
      throw new Error("the second run did not end in time");
    }
    // Any photos message the check sent would be handled within these seconds.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const second = report("Second run: the same feed, unchanged", start, log.lines);
    if (second.over) failures.push("a message of the second run went over a limit");
    await server.stop();
    const after = await d1(LISTING_STATE);
    const asked = photos.counts.requests - firstPhotos.requests;
    console.log(`▶ listings' tables after the second run: ${JSON.stringify(after)}`);
    console.log(`▶ photo server during the second run: ${asked} requests`);
    if (JSON.stringify(after) !== JSON.stringify(before))
      failures.push("the unchanged feed changed the listings' tables");
    if (asked !== 0) {
      failures.push(
        `the unchanged feed asked the photo server ${asked} times` +
          // The local queue may deliver again the photos message under way when wrangler was stopped.
          (synced ? "" : " (the first run was cut short: these may be its photos message delivered again)"),
      );
    }
    if (failures.length === 0) {
      console.log(
        `✓ the unchanged feed wrote no listing row (the ${second.rows} rows written are its run's report) and fetched no photo`,
      );
    }
  } finally {
    await server.stop().catch(() => {});
    feedServer.close();
    photos.server.closeAllConnections();
    photos.server.close();
    for (const failure of failures) console.log(`✗ ${failure}`);
  }
  if (failures.length) process.exit(1);
}

await main();
