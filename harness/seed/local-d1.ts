/**
 * Applies the migrations to a local D1 folder and replaces its data with the deterministic seed, for
 * `npm run seed`, `npm start` and the harness's own databases.
 *
 * The SQL is streamed into files of at most ~MAX_FILE_BYTES under `<state>/seed/` and each file is run
 * with `wrangler d1 execute DB --local --file`, so 100 000 listings never sit in one string.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { wrangler } from "../wrangler.ts";
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
  await wrangler(["d1", "migrations", "apply", "DB", ...local], { quiet: true });
  if (freshCounters)
    await wrangler(["d1", "execute", "DB", ...local, "--command", "DELETE FROM rate_limits"], { quiet: true });

  if (ifEmpty) {
    const out = await wrangler(
      ["d1", "execute", "DB", ...local, "--json", "--command", "SELECT COUNT(*) AS n FROM cities"],
      {
        quiet: true,
      },
    );
    const existing = JSON.parse(out.slice(out.indexOf("[")))[0]?.results?.[0]?.n ?? 0;
    if (existing > 0) {
      log(`Local database ${state} already seeded (${existing} cities).`);
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
  for (const statement of seedStatementStream({ listings, anchor: Date.now() })) {
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
