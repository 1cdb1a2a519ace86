/**
 * `npm run bench [-- --listings 10000 --duration 10 --connections 10 --cpu-requests 60 --profile-requests 30
 *   --no-build --reseed --latency-only --cpu-only]`:
 * builds the production worker into its own folder (.builds/bench), seeds its own local D1
 * (.wrangler/bench-state, reused while the seed is unchanged), serves it on workerd and measures, in one run:
 * - req/s and p50/p99 latency (autocannon, fixed connections and duration) of home, search, list,
 *   listing detail, article and 404, each cached (a repeat anonymous view, from the page cache) and
 *   uncached (rendered each time, as a signed-in visitor or a cache miss sees it), of the owner's pages
 *   signed in (cabinet, wizard, messages, payment), an API search, and a static copy of the search page's
 *   HTML served from the build's client folder (same bytes, captured in this run; measured first and last)
 *   — and each page's ratio to the static copy (decision 045);
 * - the CPU time of one uncached render of each of those pages (and of robots.txt and the static copy):
 *   the server's workerd processes' CPU counted by the kernel over sequential requests
 *   (harness/audit/process-cpu.ts), and where the worker's share goes by source and function, from
 *   workerd's sampling profiler over the inspector (harness/audit/cpu-profile.ts); `--cpu-only` runs this
 *   part alone (with the build, seed and server);
 * - TTFB (first body byte) vs total time of the home page with `X-Debug-Api-Delay`, and of the static
 *   copy, sequential samples taken in turn, with a browser user agent: the shell must stream before
 *   the slowed data;
 * - first-load JS per page type (gzip and brotli of every script the page loads), CSS bytes and the
 *   worker bundle's gzip size;
 * - production latency (decision 091): per page type, guest and signed in, with every D1 round trip slowed by
 *   0 / 50 / 150 ms: first byte, complete document, sequential round trips before the first byte and in all,
 *   writes; and the goals at 150 ms as pass/fail lines (harness/audit/d1-latency.ts). `--latency-only` runs
 *   this part alone (with the build, seed and server);
 * - the kept pages for everyone (scripts/bench/kept-mix.ts): a realistic mix of visitors replayed, the
 *   share answered from the kept pages and a signed-in visitor's search page ÷ the static copy;
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
import { type CpuProfile, profileRequests as profile, sourceLocator } from "#harness/audit/cpu-profile.ts";
import { cpuPerRequest } from "#harness/audit/process-cpu.ts";
import { BROWSER_UA, pageSamples, pageTypes, type PageType, signedInPageTypes } from "#harness/audit/pages.ts";
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { seedStatements } from "#harness/seed/seed-sql.ts";
import { wrangler } from "#harness/wrangler.ts";
import { OFFLINE_PATH } from "#client/pwa/protocol.ts";
import { type LatencyFigures, latencyVerdicts, measureLatency } from "#harness/audit/d1-latency.ts";
import { keptMix } from "./bench/kept-mix.ts";
import { renderCpuGoal } from "./bench/render-cpu.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    samples: { type: "string", default: "25" },
    "cpu-requests": { type: "string", default: "60" },
    "profile-requests": { type: "string", default: "30" },
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
    reseed: { type: "boolean", default: false },
    "latency-only": { type: "boolean", default: false },
    "latency-samples": { type: "string", default: "5" },
    "cpu-only": { type: "boolean", default: false },
  },
});
const listings = Number(values.listings);
const duration = Number(values.duration);
const connections = Number(values.connections);
const samples = Number(values.samples);
const cpuRequests = Number(values["cpu-requests"]);
const profileRequests = Number(values["profile-requests"]);
const BUILD = FOLDERS.bench.build;
const DIR = FOLDERS.bench.state;
const CLIENT = `${BUILD}/client`;
const STATIC_FILE = "bench-static.html";
/**
 * A development knob (any `X-Debug-*` header, decision 026) no page cache answers: the page is rendered
 * as for a signed-in visitor or a cache miss, with the same middleware and headers otherwise.
 */
const UNCACHED = { "x-debug-page-cache": "off" };
/** A page with no data of its own: what the layout alone (header, footer, messages, scripts) costs. */
const LAYOUT_ONLY_PATH = OFFLINE_PATH;
/** The owner side in the bench (decision 045): the name in the tables and the page type (harness/audit/pages.ts). */
/** The latency table's pages (decision 091): public ones guest and signed in, the owner's signed in. */
const LATENCY_PUBLIC = ["home", "search", "detail", "list", "article"] as const satisfies readonly PageType[];
const LATENCY_OWNER = ["cabinet", "messages", "wizard-params"] as const satisfies readonly PageType[];
const OWNER_PAGES = [
  ["cabinet (signed in)", "cabinet"],
  ["wizard (signed in)", "wizard-params"],
  ["messages (signed in)", "messages-thread"],
  ["payment (signed in)", "payment"],
] as const satisfies readonly (readonly [string, PageType])[];
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
    // A migration added since the seed (an index) reaches the kept database too, with its statistics.
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", DIR], { quiet: true });
    await wrangler(["d1", "execute", "DB", "--local", "--persist-to", DIR, "--command", "ANALYZE"], { quiet: true });
    console.log(`  ${DIR} already holds this seed (${listings} listings), migrated`);
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

async function load(server: ServedBuild, path: string, headers: Record<string, string> = {}) {
  const url = `${server.url}${path}`;
  const all = { ...HEADERS, ...headers };
  await autocannon({ url, connections, amount: connections * 20, headers: all }); // warm-up
  const r = await autocannon({ url, connections, duration, headers: all });
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

  /** Pages measured both ways: from the page cache (as a repeat anonymous view) and rendered each time. */
  const cachedTargets: Record<string, { path: string; status: number }> = {
    home: { path: paths.home, status: 200 },
    search: { path: paths.search, status: 200 },
    list: { path: paths.list, status: 200 },
    detail: { path: paths.detail, status: 200 },
    article: { path: paths.article, status: 200 },
    "not found (404)": { path: paths["not-found"], status: 404 },
  };
  // The owner side (signed in, never cached): the development user's session from pageSamples.
  const owner = Object.fromEntries(signedInPageTypes(found.session).map((p) => [p.type, p]));
  const cookie = found.session?.user ?? "";
  if (!cookie) failures.push("could not sign in as the development user: the owner pages are measured signed out");
  const ownerTargets: Record<string, { path: string; status: number; cookie: string }> = Object.fromEntries(
    OWNER_PAGES.map(([name, type]) => [name, { path: owner[type]!.path, status: owner[type]!.status, cookie }]),
  );

  // ── CPU per uncached render ─────────────────────────────────────────────────────────────────────
  /** The pages held to the render-CPU goal: every page measured uncached. */
  const renderedPages = [...Object.keys(cachedTargets), ...Object.keys(ownerTargets)];
  const LAYOUT = "layout alone (offline page)";
  const measureRenderCpu = async () => {
    step(
      `CPU per uncached render: the server's workerd processes (/proc) over ${cpuRequests} sequential requests, then workerd's sampling profiler over ${profileRequests}`,
    );
    const locate = sourceLocator(`${BUILD}/server`);
    const cpu: Record<string, { cpuMs: number; wallMs: number }> = {};
    const profiles: Record<string, CpuProfile> = {};
    const sequential = {
      ...Object.fromEntries(Object.entries(cachedTargets).map(([n, t]) => [n, { ...t, headers: UNCACHED }])),
      ...Object.fromEntries(Object.entries(ownerTargets).map(([n, t]) => [n, { ...t, headers: { cookie: t.cookie } }])),
      [LAYOUT]: { path: LAYOUT_ONLY_PATH, status: 200, headers: UNCACHED },
      "robots.txt (the worker's floor)": { path: "/robots.txt", status: 200, headers: {} },
      "static (search HTML)": { path: staticPath, status: 200, headers: {} },
    };
    await ensureStatic();
    for (const [name, target] of Object.entries(sequential)) {
      const run = async () => {
        await get(server, target.path, target.headers);
      };
      for (let i = 0; i < 5; i++) await run(); // warm-up
      cpu[name] = await cpuPerRequest(server.process.pid!, run, cpuRequests);
      // The layout's too: what a page adds to it is the difference of the two.
      if (renderedPages.includes(name) || name === LAYOUT)
        profiles[name] = await profile(server.inspector, run, { requests: profileRequests, locate });
    }
    console.table(
      Object.fromEntries(
        Object.entries(cpu).map(([name, c]) => [
          name,
          { "CPU ms/request": c.cpuMs.toFixed(1), "wall ms/request": c.wallMs.toFixed(1) },
        ]),
      ),
    );

    const renderCpu = renderCpuGoal(cpu, LAYOUT, renderedPages);
    failures.push(...renderCpu.failures);
    report.renderCpuRatio = renderCpu.ratios;
    return { cpu, profiles };
  };
  if (values["cpu-only"]) {
    const { cpu, profiles } = await measureRenderCpu();
    printProfiles(profiles);
    report.cpuPerRender = cpu;
    report.profiles = profiles;
    await server.stop();
    rmSync(join(CLIENT, STATIC_FILE), { force: true });
    writeReport();
    finish(failures, "Bench (render CPU only)");
  }

  // ── production latency: D1 round trips slowed ────────────────────────────────────────────────────
  step(`latency with D1 round trips slowed (decision 091), ${values["latency-samples"]} samples each`);
  const latencyTargets: Record<string, { path: string; headers: Record<string, string> }> = {};
  for (const type of LATENCY_PUBLIC) {
    latencyTargets[`${type} (guest)`] = { path: paths[type], headers: HEADERS };
    if (cookie) latencyTargets[`${type} (signed in)`] = { path: paths[type], headers: { ...HEADERS, cookie } };
  }
  for (const type of LATENCY_OWNER) {
    latencyTargets[`${type} (signed in)`] = { path: owner[type]!.path, headers: { ...HEADERS, cookie } };
  }
  const latency = await measureLatency(server.url, latencyTargets, Number(values["latency-samples"]));
  console.table(
    Object.entries(latency).flatMap(([name, rows]) =>
      rows.map((r: LatencyFigures) => ({
        page: name,
        "D1 ms": r.delayMs,
        status: r.status,
        "first byte ms": Math.round(r.firstByteMs),
        "complete ms": Math.round(r.completeMs),
        "sequential before 1st byte": r.sequentialBeforeFirstByte,
        "sequential in all": r.sequential,
        "round trips": r.roundTrips,
        writes: r.writes,
        "session reads": r.sessionReads,
        "API calls": r.apiCalls.length,
      })),
    ),
  );
  const verdicts = latencyVerdicts(latency);
  console.log(verdicts.lines.join("\n"));
  failures.push(...verdicts.misses);
  report.latency = latency;
  if (values["latency-only"]) {
    await server.stop();
    rmSync(join(CLIENT, STATIC_FILE), { force: true });
    writeReport();
    finish(failures, "Bench (latency only)");
  }

  // ── throughput ──────────────────────────────────────────────────────────────────────────────────
  step(`autocannon: ${connections} connections × ${duration} s per target`);
  type Measured = Awaited<ReturnType<typeof load>> & { path: string; status: number; bytes: number };
  const measure = async (
    name: string,
    target: { path: string; status: number },
    headers: Record<string, string> = {},
  ): Promise<Measured> => {
    if (target.path === staticPath) await ensureStatic();
    const probe = await get(server, target.path, headers);
    if (probe.status !== target.status)
      failures.push(`${name} (${target.path}) answered ${probe.status}, expected ${target.status}`);
    const t = {
      path: target.path,
      status: probe.status,
      bytes: Buffer.byteLength(probe.body),
      ...(await load(server, target.path, headers)),
    };
    console.log(
      `  ${name.padEnd(32)} ${t.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${t.p50Ms} ms  p99 ${t.p99Ms} ms`,
    );
    if (t.errors || t.timeouts) failures.push(`${name}: ${t.errors} errors, ${t.timeouts} timeouts under load`);
    if (t.non2xx && target.status < 300) failures.push(`${name}: ${t.non2xx} responses not 2xx under load`);
    return t;
  };
  const staticTarget = { path: staticPath, status: 200 };
  // The static copy is measured before and after the pages; the pages are held against the mean.
  const staticBefore = await measure("static (search HTML), first", staticTarget);
  const cached: Record<string, Measured> = {};
  const uncached: Record<string, Measured> = {};
  for (const [name, target] of Object.entries(cachedTargets)) {
    cached[name] = await measure(`${name}, cached`, target);
    uncached[name] = await measure(`${name}, uncached`, target, UNCACHED);
  }
  for (const [name, target] of Object.entries(ownerTargets))
    uncached[name] = await measure(`${name}, signed in`, target, { cookie: target.cookie });
  const apiSearch = await measure("api search", {
    path: "/api/realty/search?deal=sale&type=4&city=beograd",
    status: 200,
  });
  // The ceiling: a request through the worker with nothing to render, and a page of the layout alone
  // (the offline page: header, footer, messages, scripts; no data). Not held to the budget.
  const ceiling: Record<string, Measured> = {
    "robots.txt (the worker's floor)": await measure("robots.txt", { path: "/robots.txt", status: 200 }),
    [LAYOUT]: await measure("layout alone (offline page), uncached", { path: LAYOUT_ONLY_PATH, status: 200 }, UNCACHED),
  };
  const staticAfter = await measure("static (search HTML), last", staticTarget);
  // The kept pages for everyone (decision 094): a mix of visitors replayed, and signed-in search ÷ static.
  await ensureStatic();
  step("kept pages for everyone: a mix of visitors replayed");
  const mix = await keptMix(server, { staticPath, connections, duration });
  report.keptMix = mix;
  failures.push(...mix.failures);
  const staticReqPerSec = (staticBefore.reqPerSec + staticAfter.reqPerSec) / 2;
  const { cpu, profiles } = await measureRenderCpu();

  const ratioOf = (t: Measured) => t.reqPerSec / staticReqPerSec;
  const pagesTable = Object.fromEntries(
    Object.keys(uncached).map((name) => {
      const c = cached[name];
      const u = uncached[name]!;
      return [
        name,
        {
          path: u.path,
          KB: kb(u.bytes),
          "cached req/s": c ? Math.round(c.reqPerSec) : "—",
          "cached ÷ static": c ? ratioOf(c).toFixed(3) : "—",
          "uncached req/s": Math.round(u.reqPerSec),
          "uncached ÷ static": ratioOf(u).toFixed(3),
          "uncached p50 ms": u.p50Ms,
          "CPU ms/render": cpu[name]!.cpuMs.toFixed(1),
        },
      ];
    }),
  );
  console.table(pagesTable);
  console.log(
    `static copy of the search HTML: ${Math.round(staticBefore.reqPerSec)} req/s first, ${Math.round(staticAfter.reqPerSec)} last (mean ${Math.round(staticReqPerSec)}); api search ${Math.round(apiSearch.reqPerSec)} req/s`,
  );
  console.log(
    `the ceiling of this stack: ${Object.entries(ceiling)
      .map(([name, t]) => `${name} ${Math.round(t.reqPerSec)} req/s (${ratioOf(t).toFixed(3)} of static)`)
      .join(", ")}`,
  );
  printProfiles(profiles);

  const ratio = ratioOf(cached.search!);
  console.log(`search (cached) ÷ static req/s: ${ratio.toFixed(3)} (budget ≥ ${budgets.ssrStaticRatio.min})`);
  report.throughput = {
    static: { first: staticBefore, last: staticAfter, meanReqPerSec: staticReqPerSec },
    cached,
    uncached,
    ceiling,
    apiSearch,
  };
  report.cpuPerRender = cpu;
  report.profiles = profiles;
  report.searchToStaticRatio = ratio;
  report.uncachedToStaticRatio = Object.fromEntries(Object.entries(uncached).map(([name, t]) => [name, ratioOf(t)]));
  if (ratio < budgets.ssrStaticRatio.min) {
    failures.push(
      `SSR/static ratio: search ${cached.search!.reqPerSec.toFixed(0)} req/s ÷ static ${staticReqPerSec.toFixed(0)} req/s = ${ratio.toFixed(3)} < ${budgets.ssrStaticRatio.min}`,
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

writeReport();
finish(failures, "Bench");

/** Where the CPU of each page's uncached render goes, by source, and the search page's top functions. */
function printProfiles(profiles: Record<string, CpuProfile>) {
  console.log("\nWhere the CPU of an uncached render goes (sampled ms per render in the worker's isolate, by source):");
  // Groups under 0.3 ms on every page are summed into one row.
  const all = [...new Set(Object.values(profiles).flatMap((p) => Object.keys(p.groups)))];
  const shown = all.filter((group) => Object.values(profiles).some((p) => (p.groups[group] ?? 0) >= 0.3));
  const rest = (p: CpuProfile) => all.filter((g) => !shown.includes(g)).reduce((sum, g) => sum + (p.groups[g] ?? 0), 0);
  console.table(
    Object.fromEntries([
      ...shown.map((group) => [
        group,
        Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, (p.groups[group] ?? 0).toFixed(2)])),
      ]),
      ["the rest", Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, rest(p).toFixed(2)]))],
      [
        "sampled in all",
        Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, p.cpuMsPerRequest.toFixed(2)])),
      ],
    ]),
  );
  console.log("\nThe search page's top functions by self time (sampled ms per render):");
  console.table(
    profiles
      .search!.top.slice(0, 15)
      .map((item) => ({ "self ms": item.selfMs.toFixed(3), function: item.name, where: item.where })),
  );
}

function writeReport() {
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
}
