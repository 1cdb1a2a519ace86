/**
 * A photo server for the workerd tests of agencies' listing photos (decision 102): photos served on
 * 127.0.0.1 from Node, which the worker in development may fetch (decision 099). `photoServer` is its
 * origin. Each path tells what it serves:
 * - `/{name}/photo-{n}.jpg`: a 640 × 480 JPEG with EXIF (orientation and a GPS position), its own picture
 *   for each n and version, ETag `"photo-{n}-v{version}"` and a Last-Modified; a request carrying the current
 *   ETag is answered 304. `POST /{name}/change/photo-{n}.jpg` makes the next version (another picture);
 * - `/{name}/flaky-{n}.jpg`: a 404 until `POST /{name}/fix/flaky-{n}.jpg`, then photo n as `photo-{n}.jpg` serves
 *   it (a server that failed for a while, decision 108);
 * - `/{name}/large-{n}.jpg`: a 4000 × 3000 JPEG of 2–4 MB painted like a camera's (for the measurement);
 * - `/{name}/missing.jpg` a 404, `/{name}/page.jpg` an HTML page, `/{name}/huge.jpg` 16 MB sent without a
 *   Content-Length, `/{name}/slow.jpg` a JPEG's first bytes and then nothing for 60 s.
 * `{name}` is the test's own, so that `/requests/{name}` answers the requests it made (path and
 * conditional headers), for a test to check what was asked. For the measurement, `/prepare/{count}` paints
 * the large photos ahead, and `/memory/start` and `/memory/stop` sample the RSS of the workerd processes
 * this vitest started (each one's first and highest).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { TestProject } from "vitest/node";
import { blocksJpeg, withExif } from "#tests/fixtures/photos.ts";

declare module "vitest" {
  interface ProvidedContext {
    photoServer: string;
    /** BENCH_FEED_PHOTOS=1: feed-photos-measure.test.ts measures a listing of 10 camera-sized photos. */
    measureFeedPhotos: boolean;
  }
}

/** The workerd processes this vitest started (its descendants), for their memory. */
function workerdProcesses(): number[] {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      names.set(Number(entry), name);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (names.get(child) === "workerd") found.push(child);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

/** Samples the workerd processes' RSS every 5 ms from `start` to `stop`: each one's first and highest. */
function memorySampler() {
  let timer: ReturnType<typeof setInterval> | null = null;
  let samples = new Map<number, { first: number; peak: number }>();
  return {
    start() {
      samples = new Map(workerdProcesses().map((pid) => [pid, { first: rssOf(pid), peak: rssOf(pid) }]));
      timer = setInterval(() => {
        for (const [pid, sample] of samples) sample.peak = Math.max(sample.peak, rssOf(pid));
      }, 5);
    },
    stop() {
      if (timer) clearInterval(timer);
      return [...samples].map(([pid, s]) => ({ pid, first: s.first, peak: s.peak, growth: s.peak - s.first }));
    },
  };
}

/** A different picture for each seed: 8 × 8-pixel blocks at levels from the seed. */
const paintedJpeg = (seed: number) =>
  withExif(
    blocksJpeg(640, 480, (bx, by) => 40 + ((Math.imul(seed * 977 + bx * 31 + by * 17, 2654435761) >>> 24) % 170)),
  );

const largeJpegs = new Map<number, Promise<Buffer>>();
function largeJpeg(n: number) {
  let jpeg = largeJpegs.get(n);
  if (!jpeg) {
    const width = 4000;
    const height = 3000;
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        // Gradients, waves and noise: a camera's photo compresses about this much.
        const noise = (Math.imul(x * 7919 + y * 104729 + n * 31, 2654435761) >>> 27) - 16;
        rgb[i] = 60 + (x * 150) / width + noise;
        rgb[i + 1] = 90 + (y * 120) / height + 30 * Math.sin((x + n * 50) / 37) + noise;
        rgb[i + 2] = 140 + 60 * Math.cos((x + y) / 91) - noise;
      }
    }
    jpeg = sharp(rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    largeJpegs.set(n, jpeg);
  }
  return jpeg;
}

const LAST_MODIFIED = "Sun, 29 Nov 2026 12:00:00 GMT";

export default async function setup(project: TestProject) {
  const requests = new Map<string, { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null }[]>();
  const versions = new Map<string, number>();
  const fixed = new Set<string>();
  const log = (name: string, req: IncomingMessage, path: string) => {
    const list = requests.get(name) ?? [];
    list.push({
      path,
      ifNoneMatch: (req.headers["if-none-match"] as string | undefined) ?? null,
      ifModifiedSince: (req.headers["if-modified-since"] as string | undefined) ?? null,
    });
    requests.set(name, list);
  };
  const memory = memorySampler();
  const server = createServer((req, res) => {
    const [, name = "", file = "", changed = ""] = (req.url ?? "/").split("?")[0]!.split("/");
    if (name === "memory") {
      if (file === "start") memory.start();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(file === "stop" ? memory.stop() : []));
      return;
    }
    if (name === "prepare") {
      // Paints the large photos before a measurement, so that painting them is not measured.
      void Promise.all(Array.from({ length: Number(file) }, (_, n) => largeJpeg(n + 1))).then((photos) =>
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(photos.map((photo) => photo.length))),
      );
      return;
    }
    if (name === "requests") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests.get(file) ?? []));
      return;
    }
    if (req.method === "POST" && file === "fix") {
      fixed.add(`${name}/${changed}`);
      res.writeHead(204).end();
      return;
    }
    if (req.method === "POST" && file === "change") {
      versions.set(`${name}/${changed}`, (versions.get(`${name}/${changed}`) ?? 1) + 1);
      res.writeHead(204).end();
      return;
    }
    log(name, req, file);
    const flaky = /^flaky-(\d+)\.jpg$/.exec(file);
    const photo = flaky && fixed.has(`${name}/${file}`) ? flaky : /^photo-(\d+)\.jpg$/.exec(file);
    const large = /^large-(\d+)\.jpg$/.exec(file);
    if (photo) {
      const version = versions.get(`${name}/${file}`) ?? 1;
      const etag = `"photo-${photo[1]}-v${version}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { etag }).end();
        return;
      }
      const body = paintedJpeg(Number(photo[1]) * 100 + version);
      res.writeHead(200, { "content-type": "image/jpeg", etag, "last-modified": LAST_MODIFIED }).end(Buffer.from(body));
    } else if (large) {
      void largeJpeg(Number(large[1])).then((body) =>
        res.writeHead(200, { "content-type": "image/jpeg", etag: `"large-${large[1]}"` }).end(body),
      );
    } else if (file === "page.jpg") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Not found</title><p>Gone.</p>");
    } else if (file === "huge.jpg") {
      // No Content-Length (chunked): only counting the bytes finds it too large.
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024 * 1024, 0x55);
      let sent = 0;
      const more = () => {
        while (sent < 16) {
          sent++;
          if (!res.write(chunk)) {
            res.once("drain", more);
            return;
          }
        }
        res.end();
      };
      res.on("error", () => {});
      more();
    } else if (file === "slow.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(Buffer.from(paintedJpeg(1).subarray(0, 100)));
      const timer = setTimeout(() => res.end(), 60_000);
      res.on("close", () => clearTimeout(timer));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("photoServer", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  project.provide("measureFeedPhotos", process.env.BENCH_FEED_PHOTOS === "1");
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
