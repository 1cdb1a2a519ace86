/**
 * Applies the migrations to a local D1 folder and replaces its data with the deterministic seed, for
 * `npm run seed`, `npm start` and the harness's own databases. A folder without a database yet gets the
 * migrated schema, with wrangler's record of the migrations, in the seed's first file (decision 119) rather
 * than a `wrangler d1 migrations apply`, which runs each migration on its own.
 *
 * The SQL is streamed into files of at most ~MAX_FILE_BYTES under `<state>/seed/` and each file is run
 * with `wrangler d1 execute DB --local --file`, so 100 000 listings never sit in one string.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  closeSync,
  existsSync,
  globSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { wrangler } from "../wrangler.ts";
import { GAZETTEER } from "#worker/db/reference/gazetteer-tables.ts";
import { planUpsert } from "#worker/db/reference/upsert.ts";
import { referenceTables } from "../reference-tables.ts";
import { migratedDatabase, schemaStatements } from "./migrated-schema.ts";
import { DEFAULT_LISTINGS, seedStatementStream } from "./seed-sql.ts";

const MAX_FILE_BYTES = 32 * 1024 * 1024;

export interface SeedLocalOptions {
  /** Wrangler's `--persist-to` folder. */
  state: string;
  listings?: number;
  /** Leave a database that already has cities alone. */
  ifEmpty?: boolean;
  /**
   * Start every rate-limit window afresh (test and audit runs): their D1 outlives a run, and a day's
   * limits (drafts, sign-ins) must not fail the next run of the same day.
   */
  freshCounters?: boolean;
  log?: (line: string) => void;
  /** Progress through the files, rewritten on one line. */
  progress?: (line: string) => void;
}

export async function seedLocalD1({
  state,
  listings = DEFAULT_LISTINGS,
  ifEmpty = false,
  freshCounters = false,
  log = console.log,
  progress = () => {},
}: SeedLocalOptions): Promise<void> {
  const local = ["--local", "--persist-to", state];
  const fresh = !existsSync(join(state, D1_FOLDER));
  if (!fresh) await wrangler(["d1", "migrations", "apply", "DB", ...local], { quiet: true });
  // The rate-limit counters live in their Durable Objects' storage (decision 093), not in D1.
  if (freshCounters) rmSync(join(state, RATE_LIMITS_FOLDER), { recursive: true, force: true });

  if (ifEmpty && !fresh) {
    const out = await wrangler(
      ["d1", "execute", "DB", ...local, "--json", "--command", "SELECT COUNT(*) AS n FROM cities"],
      {
        quiet: true,
      },
    );
    const existing = JSON.parse(out.slice(out.indexOf("[")))[0]?.results?.[0]?.n ?? 0;
    if (existing > 0) {
      // Seeded before the gazetteer grew (decision 055): the reference data is upserted, the rest kept.
      if (existing < GAZETTEER.cities.length) await upsertReference(state, local, log);
      log(`Local database ${state} already seeded (${Math.max(existing, GAZETTEER.cities.length)} cities).`);
      return;
    }
  }

  const dir = join(state, "seed");
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  const files: string[] = [];
  let fd = -1;
  let written = 0;
  // Anchored to today: listings expire, and their statistics fall, relative to the day of seeding.
  const seed = seedStatementStream({ listings, anchor: Date.now() });
  for (const statement of fresh ? withSchema(seed) : seed) {
    if (fd < 0 || written >= MAX_FILE_BYTES) {
      if (fd >= 0) closeSync(fd);
      const file = `${dir}/seed-${String(files.length + 1).padStart(3, "0")}.sql`;
      files.push(file);
      fd = openSync(file, "w");
      written = 0;
    }
    const text = `${statement};\n`;
    writeSync(fd, text);
    written += Buffer.byteLength(text);
  }
  if (fd >= 0) closeSync(fd);
  const generated = performance.now();

  for (const [index, file] of files.entries()) {
    progress(`Applying ${file} (${index + 1}/${files.length})…`);
    await wrangler(["d1", "execute", "DB", ...local, "--yes", "--file", file], { quiet: true });
  }
  rmSync(dir, { recursive: true, force: true });
  const done = performance.now();
  log(
    `Local database ${state} seeded: ${listings} listings in ${((done - started) / 1000).toFixed(1)} s ` +
      `(SQL ${((generated - started) / 1000).toFixed(1)} s, ${files.length} file${files.length === 1 ? "" : "s"}; D1 ${((done - generated) / 1000).toFixed(1)} s).`,
  );
}

function* withSchema(seed: Iterable<string>): Generator<string> {
  yield* schemaStatements(migratedDatabase());
  yield* seed;
}

/** What the seeded data is made of: the seed's code, the migrations and the reference data. */
const SEED_INPUTS = ["harness/seed/**/*.ts", "worker/db/migrations/*.sql", "worker/db/reference/**/*"];
let seedStamp: string | undefined;

/**
 * Empties a test state made from other seed inputs than today's files: the template, and the states copied
 * from it, would otherwise keep serving the data of an earlier seed. Synchronous, so that servers set up side
 * by side in one process agree.
 */
function dropStale(folder: string): void {
  if (seedStamp === undefined) {
    const hash = createHash("sha256");
    const tests = (file: string) => file.endsWith(".test.ts");
    for (const file of globSync(SEED_INPUTS, { exclude: tests }).sort()) hash.update(file).update(readFileSync(file));
    seedStamp = hash.digest("hex");
  }
  const stampFile = join(folder, ".seed-stamp");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === seedStamp) return;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(stampFile, seedStamp);
}

/** Where wrangler keeps a state folder's D1 databases. */
const D1_FOLDER = "v3/d1";
/** Where wrangler keeps the rate-limit counters' Durable Objects (`{worker name}-{class}`). */
const RATE_LIMITS_FOLDER = "v3/do/nekretnine-RateLimiter";
let templateReady: Promise<void> | undefined;

/**
 * A migrated, seeded D1 for a test server (the e2e, audit and build-B servers): a state without one gets a
 * copy of `template`, seeded once (and brought up to the migrations) per process, instead of a seed of its
 * own (wrangler runs for the migrations, the seed's SQL and the checks); a state that has one is brought up
 * to date as `seedLocalD1` does. The template is never served, so its copies start with every counter at zero.
 */
export async function seedTestD1(state: string, template: string): Promise<void> {
  dropStale(template);
  dropStale(state);
  if (existsSync(join(state, D1_FOLDER))) {
    await seedLocalD1({ state, ifEmpty: true, freshCounters: true, log: () => {} });
    return;
  }
  templateReady ??= seedLocalD1({ state: template, ifEmpty: true, log: () => {} });
  await templateReady;
  cpSync(join(template, D1_FOLDER), join(state, D1_FOLDER), { recursive: true });
}

/** The reference tables brought up to the committed data, as `npm run ops -- init` does (one read, one batch). */
async function upsertReference(state: string, local: string[], log: (line: string) => void): Promise<void> {
  const specs = referenceTables();
  const out = await wrangler(
    [
      "d1",
      "execute",
      "DB",
      ...local,
      "--json",
      "--command",
      specs.map((spec) => `SELECT ${spec.columns.join(", ")} FROM ${spec.table}`).join(";\n"),
    ],
    { quiet: true },
  );
  const results = JSON.parse(out.slice(out.indexOf("["))) as { results?: Record<string, unknown>[] }[];
  const statements = specs.flatMap((spec, i) => planUpsert(spec, results[i]?.results ?? []).statements);
  if (statements.length === 0) return;
  const dir = join(state, "seed");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "reference.sql");
  writeFileSync(file, statements.map((statement) => `${statement};\n`).join(""));
  await wrangler(["d1", "execute", "DB", ...local, "--yes", "--file", file], { quiet: true });
  rmSync(dir, { recursive: true, force: true });
  log(`Local database ${state}: reference data brought up to date (${statements.length} rows).`);
}
