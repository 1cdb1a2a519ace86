/**
 * `npm run bench:feed [-- --offers 5000 --photos 10 --no-build]`: an agency's feed imported in local workerd
 * (decision 101). Builds the worker into its own folder (.builds/bench-feed), seeds a fresh local D1, starts a
 * server of its own serving a generated YRL feed of `--offers` flats with `--photos` photo addresses each (no
 * ETag: every check reads the whole feed), serves the build with wrangler and has the seed's user found an
 * agency and add the feed. The FEEDS queue's consumer then checks it and writes its listings in batches,
 * each its own message; in development the consumer logs every message with its D1 use (statements, round
 * trips, rows written: the meter of decision 091). For each message this prints the wall time, the workerd
 * processes' CPU time in that while (the Worker and the local D1 together: an upper bound of the Worker's
 * own) and the D1 figures. It then makes the feed due again (wrangler stopped meanwhile, so one process
 * holds the D1 file), runs the Cron Trigger, and prints the second run of the unchanged feed the same
 * way, with the rows the listings' tables gained: it exits non-zero unless that is 0.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { seedLocalD1 } from "#harness/seed/local-d1.ts";
import { type ServedBuild, serveBuild } from "#harness/serve-build.ts";
import { wrangler } from "#harness/wrangler.ts";
import { largeYrlFeed } from "#harness/yrl-feeds.ts";

const { values } = parseArgs({
  options: {
    offers: { type: "string", default: "5000" },
    photos: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
  },
});
const OFFERS = Number(values.offers);
const PHOTOS = Number(values.photos);
const folders = FOLDERS["bench-feed"];
/** A visitor's address of its own, so the sign-in and the feed's POST meet no other bench's limits. */
const ADDRESS = "198.51.100.9";
/** How long one run may take before the bench gives up. */
const RUN_TIMEOUT_MS = 15 * 60_000;
const TICK_MS = 1000 / 100;

/** The workerd processes that wrangler dev started (its session is the served build's). */
function workerdPids(server: ServedBuild): number[] {
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "-s", String(server.process.pid)], { encoding: "utf8" });
  return listing
    .split("\n")
    .filter((line) => line.trim().endsWith("workerd"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
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

async function d1(sql: string): Promise<Record<string, number>> {
  const out = await wrangler(
    ["d1", "execute", "DB", "--local", "--persist-to", folders.state, "--json", "--command", sql],
    {
      quiet: true,
    },
  );
  return (JSON.parse(out) as { results: Record<string, number>[] }[])[0]!.results[0]!;
}

async function bearer(server: ServedBuild): Promise<string> {
  const user = DEV_ACCOUNTS.find((a) => a.role === "user")!;
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
      if (!/^feed \d+/.test(text.trim())) continue;
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
    /** Resolves with the line that ends the run: the check's when nothing was staged, else the last batch's. */
    until: (ended: (line: Line) => boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the run did not end in time")), RUN_TIMEOUT_MS);
        const check = (line: Line) => {
          if (ended(line)) {
            clearTimeout(timer);
            resolve();
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

const D1_FIGURES = /\[d1: (\d+) statements, (\d+) round trips, (\d+) rows written\]/;

function report(title: string, start: { wallMs: number; cpuMs: number }, lines: Line[]) {
  console.log(`\n${title}`);
  console.log(
    "message                                              wall ms   CPU ms  statements  round trips  rows written",
  );
  let previous = start;
  let statements = 0;
  let rows = 0;
  let maxStatements = 0;
  let maxCpu = 0;
  for (const line of lines) {
    const [, s = "0", r = "0", w = "0"] = D1_FIGURES.exec(line.text) ?? [];
    const wall = line.wallMs - previous.wallMs;
    const cpu = line.cpuMs - previous.cpuMs;
    statements += Number(s);
    rows += Number(w);
    maxStatements = Math.max(maxStatements, Number(s));
    maxCpu = Math.max(maxCpu, cpu);
    const label = line.text.replace(D1_FIGURES, "").slice(0, 52).padEnd(52);
    console.log(
      `${label} ${wall.toFixed(0).padStart(7)} ${cpu.toFixed(0).padStart(8)} ${s.padStart(11)} ${r.padStart(12)} ${w.padStart(13)}`,
    );
    previous = line;
  }
  const last = lines.at(-1)!;
  console.log(
    `${lines.length} messages in ${((last.wallMs - start.wallMs) / 1000).toFixed(1)} s; workerd CPU ` +
      `${((last.cpuMs - start.cpuMs) / 1000).toFixed(1)} s (most in one message ${maxCpu.toFixed(0)} ms); ` +
      `${statements} statements (most in one message ${maxStatements}); ${rows} rows written`,
  );
  return { rows, maxStatements };
}

/** What the listings' own tables hold: a run that writes no listing leaves all of it as it was. */
const LISTING_STATE = `SELECT (SELECT COUNT(*) FROM listings) AS listings, (SELECT COUNT(*) FROM listing_events) AS events,
  (SELECT ifnull(MAX(updated_at), 0) FROM listings) AS updated, (SELECT COUNT(*) FROM feed_listings) AS feed_listings,
  (SELECT ifnull(MAX(written_at), 0) FROM feed_listings) AS written, (SELECT COUNT(*) FROM listing_revisions) AS revisions,
  (SELECT COUNT(*) FROM feed_staged) AS staged`;

async function main() {
  if (!values["no-build"]) {
    console.log(`▶ build → ${folders.build}`);
    const built = buildSite(folders.build);
    if (built.status !== 0) {
      console.error(built.output);
      process.exit(built.status);
    }
  }
  console.log(`▶ fresh seed → ${folders.state}`);
  rmSync(folders.state, { recursive: true, force: true });
  await seedLocalD1({ state: folders.state, listings: 50, log: () => {} });

  const feed = largeYrlFeed(OFFERS, PHOTOS);
  const feedServer = createServer((_req, res) => res.writeHead(200, { "content-type": "application/xml" }).end(feed));
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
  console.log(
    `▶ feed of ${OFFERS} offers with ${PHOTOS} photos each: ${(feed.length / 1e6).toFixed(1)} MB at ${feedUrl}`,
  );

  let server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
  console.log(`▶ served at ${server.url}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  let listingsChanged: boolean;
  try {
    const token = await bearer(server);
    const founded = await api(server, token, "/api/agency", {
      name: "Bench Realty",
      licence_number: "360-00-00999/2026-10",
    });
    if (founded.status !== 201 && founded.status !== 409) throw new Error(`POST /api/agency: ${founded.status}`);
    let log = watch(server);
    let start = log.start();
    const added = await api(server, token, "/api/agency/feeds", { url: feedUrl });
    if (added.status !== 201) throw new Error(`POST /api/agency/feeds: ${added.status} ${await added.text()}`);
    const feedId = ((await added.json()) as { data: { id: number } }).data.id;
    await log.until(runEnded(feedId));
    report(`First run: ${OFFERS} new offers`, start, log.lines);

    await server.stop();
    const before = await d1(LISTING_STATE);
    await d1(`UPDATE agency_feeds SET next_run_at = 0 WHERE id = ${feedId}`);
    console.log(`\n▶ listings' tables after the first run: ${JSON.stringify(before)}`);
    server = await serveBuild(folders, { vars: { PAGE_CACHE_TTL: "0" } });
    log = watch(server);
    start = log.start();
    const cron = await fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
    if (!cron.ok) throw new Error(`scheduled: ${cron.status}`);
    await log.until(runEnded(feedId));
    const rowsSecond = report("Second run: the same feed, unchanged", start, log.lines).rows;
    await server.stop();
    const after = await d1(LISTING_STATE);
    listingsChanged = JSON.stringify(after) !== JSON.stringify(before);
    console.log(`▶ listings' tables after the second run: ${JSON.stringify(after)}`);
    console.log(
      listingsChanged
        ? "✗ the unchanged feed changed the listings' tables"
        : `✓ the unchanged feed wrote no listing row (the ${rowsSecond} rows written are its run's report)`,
    );
  } finally {
    await server.stop().catch(() => {});
    feedServer.close();
  }
  if (listingsChanged) process.exit(1);
}

await main();
