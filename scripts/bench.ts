/**
 * `npm run bench [-- --listings 10000 --duration 10 --connections 10 --no-build --reseed]`:
 * builds the production worker into its own folder (.builds/bench), seeds its own local D1
 * (.wrangler/bench-state, reused while the seed is unchanged), serves it on workerd and measures, in one run:
 * - req/s and p50/p99 latency (autocannon, fixed connections and duration) of home, search, list,
 *   listing detail, article, 404, an API search, and a static copy of the search page's HTML served
 *   from the build's client folder (same bytes, captured in this run) — and the ratio search ÷ static;
 * - TTFB (first body byte) vs total time of the home page with `X-Debug-Api-Delay`, and of the static
 *   copy, sequential samples taken in turn, with a browser user agent: the shell must stream before
 *   the slowed data;
 * - first-load JS per page type (gzip and brotli of every script the page loads), CSS bytes and the
 *   worker bundle's gzip size;
 * - the machine's core count and load (figures compare only inside one run).
 * Prints tables, writes reports/bench.json and exits non-zero naming every missed budget (budgets.json).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { budgets, finish } from "#harness/audit/budgets.ts";
import { firstLoad, weighFiles } from "#harness/audit/first-load.ts";
import { BROWSER_UA, pageSamples, pageTypes, type PageType } from "#harness/audit/pages.ts";
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { seedStatements } from "#harness/seed/seed-sql.ts";
import { wrangler } from "#harness/wrangler.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    samples: { type: "string", default: "25" },
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
    reseed: { type: "boolean", default: false },
  },
});
const listings = Number(values.listings);
const duration = Number(values.duration);
const connections = Number(values.connections);
const samples = Number(values.samples);
const BUILD = FOLDERS.bench.build;
const DIR = FOLDERS.bench.state;
const CLIENT = `${BUILD}/client`;
const STATIC_FILE = "bench-static.html";
const HEADERS = { "user-agent": BROWSER_UA, "accept-language": "en-GB,en;q=0.9", accept: "text/html,*/*" };
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function step(title: string) {
  console.log(`▶ ${title}`);
}

/** Seeds DIR unless it already holds exactly this seed (same statements, by hash). */
async function seed() {
  const statements = seedStatements({ listings });
  const hash = createHash("sha256").update(statements.join("\n")).digest("hex");
  const marker = join(DIR, "seed.json");
  if (!values.reseed && existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).hash === hash) {
    console.log(`  ${DIR} already holds this seed (${listings} listings)`);
    return;
  }
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", DIR], { quiet: true });
  let chunk: string[] = [];
  let bytes = 0;
  let n = 0;
  const flush = async () => {
    if (!chunk.length) return;
    const file = join(DIR, `seed-${n++}.sql`);
    writeFileSync(file, chunk.join(";\n") + ";\n");
    await wrangler(["d1", "execute", "DB", "--local", "--persist-to", DIR, "--file", file], { quiet: true });
    rmSync(file);
    chunk = [];
    bytes = 0;
  };
  for (const statement of statements) {
    chunk.push(statement);
    bytes += statement.length;
    if (bytes > 8_000_000) await flush();
  }
  await flush();
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", DIR, "--command", "ANALYZE"], { quiet: true });
  writeFileSync(marker, JSON.stringify({ listings, hash }));
}

async function get(server: ServedBuild, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { ...HEADERS, ...headers }, redirect: "manual" });
  return { status: res.status, body: await res.text() };
}

interface TtfbTarget {
  path: string;
  headers: Record<string, string>;
}

/**
 * Time to the first body byte and to the last, for each target: sequential requests taken in turn
 * (one of each per round), so every target sees the same machine; medians and extremes.
 */
async function ttfb<K extends string>(server: ServedBuild, targets: Record<K, TtfbTarget>) {
  const names = Object.keys(targets) as K[];
  const first = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const total = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < samples + 2; i++) {
    for (const name of names) {
      const { path, headers } = targets[name];
      const start = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers: { ...HEADERS, ...headers } });
      const reader = res.body!.getReader();
      let firstByte: number | undefined;
      for (;;) {
        const { done, value } = await reader.read();
        if (value?.length && firstByte === undefined) firstByte = performance.now() - start;
        if (done) break;
      }
      if (i < 2) continue; // warm-up
      first[name].push(firstByte ?? Number.NaN);
      total[name].push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        path: targets[name].path,
        ttfbMs: median(first[name]),
        totalMs: median(total[name]),
        ttfbMinMs: Math.min(...first[name]),
        ttfbMaxMs: Math.max(...first[name]),
        totalMinMs: Math.min(...total[name]),
        totalMaxMs: Math.max(...total[name]),
      },
    ]),
  ) as Record<
    K,
    {
      path: string;
      ttfbMs: number;
      totalMs: number;
      ttfbMinMs: number;
      ttfbMaxMs: number;
      totalMinMs: number;
      totalMaxMs: number;
    }
  >;
}

async function load(server: ServedBuild, path: string) {
  const url = `${server.url}${path}`;
  await autocannon({ url, connections, amount: connections * 20, headers: HEADERS }); // warm-up
  const r = await autocannon({ url, connections, duration, headers: HEADERS });
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSec: r.throughput.average,
  };
}

// ── build, seed, serve ───────────────────────────────────────────────────────────────────────────
if (values.build && !values["no-build"]) {
  step(`build (${BUILD})`);
  const build = buildSite(BUILD);
  if (build.status !== 0) throw new Error(`build failed\n${build.output}`);
}
step(`seed ${DIR} with ${listings.toLocaleString("en")} listings`);
const seedStart = performance.now();
await seed();
const seedSeconds = (performance.now() - seedStart) / 1000;

const failures: string[] = [];
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  loadBefore: os.loadavg(),
  settings: { listings, duration, connections, samples },
  seedSeconds,
};

step("serve");
let server = await serveBuild(FOLDERS.bench);
let staticPath = `/${STATIC_FILE}`;
try {
  const found = await pageSamples(server.url);
  const paths = Object.fromEntries(pageTypes(found).map((p) => [p.type, p.path])) as Record<PageType, string>;

  // The static twin of the search page: the same bytes, served from the assets directory.
  step("capture the search page HTML as a static asset");
  const search = await get(server, paths.search);
  // Workers assets answer `/x.html` with a redirect to its canonical `/x` (html_handling); bench that.
  const resolveStatic = async () => {
    const res = await fetch(`${server.url}/${STATIC_FILE}`, { headers: HEADERS });
    staticPath = new URL(res.url).pathname;
    return { status: res.status, body: await res.text() };
  };
  /**
   * (Re)places the copy and checks it is served. Another bench may rebuild the folder during a run,
   * which deletes it: it is checked again before each use and put back (and re-served) if gone.
   */
  const ensureStatic = async () => {
    if (!existsSync(join(CLIENT, STATIC_FILE))) writeFileSync(join(CLIENT, STATIC_FILE), search.body);
    let twin = await resolveStatic();
    if (twin.body !== search.body) {
      // wrangler dev read the assets directory at start: serve again to pick the new file up.
      console.log("  (re)starting the server to pick up the static copy");
      await server.stop();
      writeFileSync(join(CLIENT, STATIC_FILE), search.body);
      server = await serveBuild(FOLDERS.bench);
      twin = await resolveStatic();
    }
    if (twin.status !== 200 || twin.body !== search.body) {
      throw new Error(
        `${staticPath} answered ${twin.status} with ${twin.body.length} bytes, expected 200 with ${search.body.length}`,
      );
    }
  };
  await ensureStatic();
  const buildId = readdirSync(join(CLIENT, "assets")).sort().join();

  const targets: Record<string, { path: string; status: number }> = {
    home: { path: paths.home, status: 200 },
    search: { path: paths.search, status: 200 },
    list: { path: paths.list, status: 200 },
    detail: { path: paths.detail, status: 200 },
    article: { path: paths.article, status: 200 },
    "not found (404)": { path: paths["not-found"], status: 404 },
    "api search": { path: "/api/realty/search?deal=sale&type=4&city=beograd", status: 200 },
    "static (search HTML)": { path: staticPath, status: 200 },
  };

  // ── throughput ──────────────────────────────────────────────────────────────────────────────────
  step(`autocannon: ${connections} connections × ${duration} s per target`);
  const throughput: Record<string, Awaited<ReturnType<typeof load>> & { path: string; status: number; bytes: number }> =
    {};
  for (const [name, target] of Object.entries(targets)) {
    if (target.path === staticPath) await ensureStatic();
    const probe = await get(server, target.path);
    if (probe.status !== target.status)
      failures.push(`${name} (${target.path}) answered ${probe.status}, expected ${target.status}`);
    throughput[name] = {
      path: target.path,
      status: probe.status,
      bytes: Buffer.byteLength(probe.body),
      ...(await load(server, target.path)),
    };
    const t = throughput[name]!;
    console.log(
      `  ${name.padEnd(22)} ${t.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${t.p50Ms} ms  p99 ${t.p99Ms} ms`,
    );
    if (t.errors || t.timeouts) failures.push(`${name}: ${t.errors} errors, ${t.timeouts} timeouts under load`);
  }
  const ratio = throughput.search!.reqPerSec / throughput["static (search HTML)"]!.reqPerSec;
  console.table(
    Object.fromEntries(
      Object.entries(throughput).map(([name, t]) => [
        name,
        {
          path: t.path,
          status: t.status,
          KB: kb(t.bytes),
          "req/s": Math.round(t.reqPerSec),
          "p50 ms": t.p50Ms,
          "p99 ms": t.p99Ms,
          non2xx: t.non2xx,
        },
      ]),
    ),
  );
  console.log(`search ÷ static req/s: ${ratio.toFixed(3)} (budget ≥ ${budgets.ssrStaticRatio.min})`);
  report.throughput = throughput;
  report.searchToStaticRatio = ratio;
  if (ratio < budgets.ssrStaticRatio.min) {
    failures.push(
      `SSR/static ratio: search ${throughput.search!.reqPerSec.toFixed(0)} req/s ÷ static ${throughput["static (search HTML)"]!.reqPerSec.toFixed(0)} req/s = ${ratio.toFixed(3)} < ${budgets.ssrStaticRatio.min}`,
    );
  }

  // ── streaming: TTFB vs total with a slowed API ──────────────────────────────────────────────────
  // Measured uncompressed (Accept-Encoding: identity): locally, miniflare emulates Cloudflare's edge
  // compression and its gzip stream holds the whole document back, so a compressed response shows
  // the local buffer, not the worker. That row is reported for information.
  const delay = budgets.streaming.apiDelayMs;
  step(
    `TTFB vs total: home with X-Debug-Api-Delay: ${delay}, and the static copy (${samples} samples each, taken in turn)`,
  );
  const identity = { "accept-encoding": "identity" };
  const slowed = { ...identity, "x-debug-api-delay": String(delay) };
  await ensureStatic();
  const streaming = await ttfb(server, {
    "home (API +300 ms)": { path: paths.home, headers: slowed },
    "static (search HTML)": { path: staticPath, headers: identity },
    home: { path: paths.home, headers: identity },
    "home (API +300 ms), gzip, info": {
      path: paths.home,
      headers: { "accept-encoding": "gzip, br", "x-debug-api-delay": String(delay) },
    },
  });
  console.table(
    Object.fromEntries(
      Object.entries(streaming).map(([name, s]) => [
        name,
        {
          "TTFB ms (median)": s.ttfbMs.toFixed(1),
          "TTFB min–max": `${s.ttfbMinMs.toFixed(1)}–${s.ttfbMaxMs.toFixed(1)}`,
          "total ms (median)": s.totalMs.toFixed(1),
        },
      ]),
    ),
  );
  const delayed = streaming["home (API +300 ms)"];
  const staticTtfb = streaming["static (search HTML)"].ttfbMs;
  const ttfbRatio = delayed.ttfbMs / staticTtfb;
  console.log(
    `delayed home TTFB ÷ static TTFB: ${ttfbRatio.toFixed(2)} (budget ≤ ${budgets.streaming.maxTtfbToStaticTtfb})`,
  );
  report.streaming = { apiDelayMs: delay, ...streaming, ttfbToStaticTtfb: ttfbRatio };
  if (delayed.totalMs < delay)
    failures.push(
      `streaming: the delayed home page finished in ${delayed.totalMs.toFixed(0)} ms < ${delay} ms — the delay knob had no effect`,
    );
  if (delayed.ttfbMs >= delay)
    failures.push(
      `streaming: delayed home TTFB ${delayed.ttfbMs.toFixed(0)} ms ≥ the ${delay} ms API delay — the shell does not stream first`,
    );
  if (ttfbRatio > budgets.streaming.maxTtfbToStaticTtfb) {
    failures.push(
      `streaming TTFB: home with ${delay} ms API delay ${delayed.ttfbMs.toFixed(1)} ms > ${budgets.streaming.maxTtfbToStaticTtfb} × static ${staticTtfb.toFixed(1)} ms (ratio ${ttfbRatio.toFixed(2)})`,
    );
  }

  // ── weight ──────────────────────────────────────────────────────────────────────────────────────
  step("first-load JavaScript and CSS per page type");
  const weights: Record<string, ReturnType<typeof firstLoad> & { path: string }> = {};
  for (const page of pageTypes(found)) {
    if (page.type === "error") continue;
    const html = await get(server, page.path);
    weights[page.type] = { path: page.path, ...firstLoad(html.body, CLIENT) };
  }
  console.table(
    Object.fromEntries(
      Object.entries(weights).map(([type, w]) => [
        type,
        {
          scripts: w.scripts.length,
          "JS KB": kb(w.js.raw),
          "JS gzip KB": kb(w.js.gzip),
          "JS brotli KB": kb(w.js.brotli),
          "CSS KB": kb(w.css.raw),
          "CSS gzip KB": kb(w.css.gzip),
        },
      ]),
    ),
  );
  const workerFiles = [
    `${BUILD}/server/index.js`,
    ...readdirSync(`${BUILD}/server/assets`)
      .filter((f) => f.endsWith(".js"))
      .map((f) => `${BUILD}/server/assets/${f}`),
  ];
  const worker = weighFiles(workerFiles);
  console.log(
    `worker bundle: ${kb(worker.raw)} KB, ${kb(worker.gzip)} KB gzip, ${kb(worker.brotli)} KB brotli (${workerFiles.length} files)`,
  );
  report.firstLoad = weights;
  report.workerBundle = { files: workerFiles, ...worker };
  for (const type of budgets.firstLoadJs.pages) {
    const w = weights[type];
    if (w && w.js.gzip > budgets.firstLoadJs.maxGzipKB * 1024) {
      failures.push(
        `first-load JS ${type} (${w.path}): ${kb(w.js.gzip)} KB gzip > ${budgets.firstLoadJs.maxGzipKB} KB (${w.scripts.length} scripts, ${kb(w.js.brotli)} KB brotli)`,
      );
    }
  }
  if (readdirSync(join(CLIENT, "assets")).sort().join() !== buildId) {
    failures.push(`${BUILD} was rebuilt by another process during the run: the figures mix two builds — run again`);
  }
} finally {
  await server.stop();
  rmSync(join(CLIENT, STATIC_FILE), { force: true });
}

report.loadAfter = os.loadavg();
report.failures = failures;
mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.json", JSON.stringify(report, null, 2));
console.log(
  `\nWritten reports/bench.json · machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
finish(failures, "Bench");
