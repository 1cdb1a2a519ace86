/**
 * `npm run alerts:bench [-- --listings 100000 --searches 10000]`: the figure of decision 041 — matching
 * every listing that went public against every saved search, as the Cron Trigger's run does it.
 *
 * A local SQLite database (node:sqlite) gets the real migrations, the seed's listings (each one's going
 * public is an activation, by the trigger of migration 0020) and saved searches made around the seeded
 * listings the way people save them (a type and a city, often a price limit and rooms, sometimes a district
 * or a word); then the job's cursor goes back to the start and the worker's own code (worker/workflows/
 * alerts.ts `loadAlertIndex`, `matchBatch`) matches all the activations, batch by batch, through a D1 stand-in
 * over the same database (harness/sqlite-d1.ts). Printed: the index's build time, each batch's time split
 * into the database's part (reads and the matches' writes; D1's own work in production) and the Worker's
 * JavaScript (what counts against the Cron Trigger's CPU limit, 30 s by default), and how many activations
 * one run (ALERT_RUN_BUDGET_MS, MATCH_BATCHES_PER_RUN) takes. Writes reports/alerts-bench.json. Exits non-zero when one
 * batch alone takes longer than the run's budget (the run could not even make progress).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { canonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import { Rng } from "#harness/seed/prng.ts";
import { seedStatementStream } from "#harness/seed/seed-sql.ts";
import { sqliteD1 } from "#harness/sqlite-d1.ts";

// The worker's modules reach the message catalogue, which imports locales/*.json the way Vite does, without
// `with { type: "json" }`: Node needs the attribute, given here, before those modules load (as bench-db does).
registerHooks({
  load: (url, context, nextLoad) =>
    nextLoad(url, url.endsWith(".json") ? { ...context, importAttributes: { type: "json" } } : context),
});
const { ACTIVATION_BATCH, ALERT_RUN_BUDGET_MS, MATCH_BATCHES_PER_RUN, loadAlertIndex, matchBatch } =
  await import("#worker/workflows/alerts.ts");

const { values } = parseArgs({
  options: { listings: { type: "string", default: "100000" }, searches: { type: "string", default: "10000" } },
});
const LISTINGS = Number(values.listings);
const SEARCHES = Number(values.searches);
/** Saved searches per person, on average (a person keeps a few). */
const SEARCHES_PER_PERSON = 4;
/** The Cron Trigger's CPU time limit by default. */
const CRON_CPU_LIMIT_MS = 30_000;

const round = (ms: number) => Math.round(ms * 10) / 10;

// 1. The database: migrations, then the seed.
let started = performance.now();
const sqlite = new DatabaseSync(":memory:");
const migrations = new URL("../worker/db/migrations/", import.meta.url);
for (const file of readdirSync(migrations)
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  sqlite.exec(readFileSync(new URL(file, migrations), "utf8"));
}
sqlite.exec("BEGIN");
for (const sql of seedStatementStream({ listings: LISTINGS })) sqlite.exec(sql);
sqlite.exec("COMMIT");
const { db, sqlMs } = sqliteD1(sqlite);
console.log(`seeded ${LISTINGS} listings in ${round((performance.now() - started) / 1000)} s`);

// 2. Saved searches, made around seeded listings as people make them.
interface Template {
  type_id: number;
  deal: "sale" | "rent";
  city: string;
  district: string | null;
  price: number;
  rooms: number | null;
  area: number | null;
  description: string;
}
const templates = sqlite
  .prepare(
    `SELECT l.type_id, l.deal, c.slug AS city, d.slug AS district, l.price, l.rooms, l.area, l.description
     FROM listings l JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
     WHERE l.status = 'active'`,
  )
  .all() as unknown as Template[];
const rng = new Rng(0x5ea4c4);
const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function savedQuery(t: Template): SavedQuery {
  const query: SavedQuery = {};
  const kind = rng.float(0, 1);
  if (kind < 0.85) query.type = [t.type_id];
  else if (kind < 0.95) query.deal = t.deal;
  if (rng.chance(0.9)) {
    query.city = t.city;
    if (t.district && rng.chance(0.35)) query.district = t.district;
  }
  const step = t.deal === "rent" ? 50 : 5000;
  if (rng.chance(0.7)) query.price_max = roundTo(t.price * rng.float(1, 1.5), step);
  if (query.price_max && rng.chance(0.3)) query.price_min = roundTo(t.price * rng.float(0.5, 0.9), step);
  if (t.rooms !== null && rng.chance(0.5)) {
    const bucket = t.rooms < 1 ? 0 : Math.min(5, Math.floor(t.rooms));
    query.rooms = rng.chance(0.5) || bucket === 5 ? [bucket] : [bucket, bucket + 1];
  }
  if (t.area !== null && rng.chance(0.2)) query.area_min = roundTo(t.area * rng.float(0.7, 1), 5);
  if (rng.chance(0.05)) query.furnished = rng.chance(0.5);
  if (rng.chance(0.08)) {
    const words = t.description.split(/[^\p{L}]+/u).filter((w) => w.length > 4);
    if (words.length) query.q = rng.pick(words).slice(0, rng.int(4, 8));
  }
  return query;
}

const people = Math.ceil(SEARCHES / SEARCHES_PER_PERSON);
sqlite.exec("BEGIN");
const firstUser = Number((sqlite.prepare("SELECT ifnull(max(id), 0) + 1 AS id FROM users").get() as { id: number }).id);
const addUser = sqlite.prepare(
  "INSERT INTO users (id, name, email, role, created_at, email_verified_at) VALUES (?, 'Bench', ?, 'user', 0, 0)",
);
for (let i = 0; i < people; i++) addUser.run(firstUser + i, `alerts-bench-${i}@example.rs`);
const addSearch = sqlite.prepare(
  `INSERT OR IGNORE INTO saved_searches (user_id, query, notify, frequency, created_at, updated_at, opened_at)
   VALUES (?, ?, ?, ?, 0, 0, 0)`,
);
let saved = 0;
while (saved < SEARCHES) {
  const query = savedQuery(rng.pick(templates));
  const result = addSearch.run(
    firstUser + (saved % people),
    canonicalQuery(query),
    rng.chance(0.85) ? 1 : 0,
    rng.chance(0.2) ? "instant" : "daily",
  );
  saved += Number(result.changes);
}
// Every activation of the seed is news again (the seed's own matches of the development user's searches go).
sqlite.exec("UPDATE job_cursors SET position = 0 WHERE name = 'saved_search_alerts'");
sqlite.exec("DELETE FROM saved_search_matches");
sqlite.exec("COMMIT");
const activations = Number(
  (sqlite.prepare("SELECT count(*) AS n, max(id) AS last FROM listing_activations").get() as { n: number }).n,
);
const last = Number((sqlite.prepare("SELECT max(id) AS id FROM listing_activations").get() as { id: number }).id);
console.log(`${SEARCHES} saved searches of ${people} people; ${activations} activations to match`);

// 3. The matching, batch by batch, as the Cron Trigger's run does it.
const env = { DB: db } as Env;
// SQLite runs in this thread, synchronously: a step's time less the time inside SQLite is its JavaScript's.
let sqlBefore = sqlMs();
started = performance.now();
const index = await loadAlertIndex(db);
const indexMs = performance.now() - started;
const indexJs = indexMs - (sqlMs() - sqlBefore);

interface Batch {
  ms: number;
  sqlMs: number;
  jsMs: number;
  activations: number;
  matches: number;
}
const batches: Batch[] = [];
for (let from = 0; from < last; from += ACTIVATION_BATCH) {
  const to = Math.min(from + ACTIVATION_BATCH, last);
  sqlBefore = sqlMs();
  const start = performance.now();
  const done = await matchBatch(env, from, to, { index });
  const ms = performance.now() - start;
  const sql = sqlMs() - sqlBefore;
  batches.push({ ms, sqlMs: sql, jsMs: ms - sql, ...done });
}
const sum = (pick: (b: Batch) => number) => batches.reduce((total, b) => total + pick(b), 0);
const sorted = (pick: (b: Batch) => number) => batches.map(pick).sort((a, b) => a - b);
const p95 = (pick: (b: Batch) => number) =>
  sorted(pick)[Math.min(batches.length - 1, Math.floor(batches.length * 0.95))]!;
const matched = sum((b) => b.matches);
const stored = Number((sqlite.prepare("SELECT count(*) AS n FROM saved_search_matches").get() as { n: number }).n);
const cursor = Number(
  (sqlite.prepare("SELECT position FROM job_cursors WHERE name = 'saved_search_alerts'").get() as { position: number })
    .position,
);

const totalMs = sum((b) => b.ms);
const jsMs = sum((b) => b.jsMs) + indexJs;
const perBatch = totalMs / batches.length;
// A run stops starting batches at its budget (it may finish the one it is in) or at MATCH_BATCHES_PER_RUN.
const perRun =
  Math.min(Math.ceil(ALERT_RUN_BUDGET_MS / Math.max(perBatch, 1)), MATCH_BATCHES_PER_RUN) * ACTIVATION_BATCH;
const report = {
  listings: LISTINGS,
  saved_searches: SEARCHES,
  activations: sum((b) => b.activations),
  matches: matched,
  matches_stored: stored,
  batch_size: ACTIVATION_BATCH,
  batches: batches.length,
  index_build_ms: round(indexMs),
  total_ms: round(totalMs + indexMs),
  database_ms: round(sum((b) => b.sqlMs)),
  worker_js_ms: round(jsMs),
  batch_ms: { mean: round(perBatch), p95: round(p95((b) => b.ms)), max: round(Math.max(...batches.map((b) => b.ms))) },
  batch_js_ms: { mean: round(sum((b) => b.jsMs) / batches.length), p95: round(p95((b) => b.jsMs)) },
  cron_cpu_limit_ms: CRON_CPU_LIMIT_MS,
  js_share_of_cpu_limit: `${round((jsMs / CRON_CPU_LIMIT_MS) * 100)} %`,
  run_budget_ms: ALERT_RUN_BUDGET_MS,
  activations_per_run: perRun,
};
mkdirSync("reports", { recursive: true });
writeFileSync("reports/alerts-bench.json", `${JSON.stringify(report, null, 2)}\n`);

console.log(`
Matching ${report.activations} activations against ${SEARCHES} saved searches (${batches.length} batches of ${ACTIVATION_BATCH}):
  index of the searches built in      ${report.index_build_ms} ms
  all batches                         ${round(totalMs)} ms  (${report.matches} matches, ${stored} rows stored)
  per batch                           mean ${report.batch_ms.mean} ms, p95 ${report.batch_ms.p95} ms, max ${report.batch_ms.max} ms
    of which the database             ${round(sum((b) => b.sqlMs) / batches.length)} ms a batch (D1's work in production)
    of which the Worker's JavaScript  ${report.batch_js_ms.mean} ms a batch (p95 ${report.batch_js_ms.p95} ms): the CPU time it is charged
  the Worker's CPU for everything     ${report.worker_js_ms} ms = ${report.js_share_of_cpu_limit} of the Cron Trigger's ${CRON_CPU_LIMIT_MS} ms limit
  one run (${ALERT_RUN_BUDGET_MS} ms, ≤ ${MATCH_BATCHES_PER_RUN} batches) matches about ${perRun} activations; the rest waits for the next run (every 5 minutes)
  the cursor ended at                 ${cursor} of ${last}`);

if (cursor !== last || stored !== matched) {
  console.error("The cursor did not reach the end, or matches went missing.");
  process.exit(1);
}
if (report.batch_ms.max > ALERT_RUN_BUDGET_MS) {
  console.error(
    `One batch took longer than a run's budget (${ALERT_RUN_BUDGET_MS} ms): a run could not make progress.`,
  );
  process.exit(1);
}
