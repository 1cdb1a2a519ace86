/**
 * `npm run seed [-- --count N] [-- --if-empty]`: applies the migrations to the local D1 and replaces its
 * data with the deterministic seed (N listings, 2 000 by default). `--if-empty` leaves a database that
 * already has cities alone (what `npm start` uses).
 *
 * The SQL is streamed into files of at most ~MAX_FILE_BYTES under `.wrangler/seed/` and each file is run
 * with `wrangler d1 execute DB --local --file`, so 100 000 listings never sit in one string.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_LISTINGS, seedStatementStream } from "#harness/seed/seed-sql.ts";
import { wrangler } from "#harness/wrangler.ts";

const MAX_FILE_BYTES = 32 * 1024 * 1024;
const DIR = ".wrangler/seed";

const { values } = parseArgs({
  options: { "if-empty": { type: "boolean", default: false }, count: { type: "string" } },
});
const count = values.count === undefined ? DEFAULT_LISTINGS : Number(values.count);
if (!Number.isSafeInteger(count) || count < 0) {
  console.error(`--count must be a whole number ≥ 0, got ${values.count}`);
  process.exit(2);
}

await wrangler(["d1", "migrations", "apply", "DB", "--local"], { quiet: true });

if (values["if-empty"]) {
  const out = await wrangler(["d1", "execute", "DB", "--local", "--json", "--command", "SELECT COUNT(*) AS n FROM cities"], {
    quiet: true,
  });
  const existing = JSON.parse(out.slice(out.indexOf("[")))[0]?.results?.[0]?.n ?? 0;
  if (existing > 0) {
    console.log(`Local database already seeded (${existing} cities).`);
    process.exit(0);
  }
}

const started = performance.now();
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });

const files: string[] = [];
let fd = -1;
let written = 0;
for (const statement of seedStatementStream({ listings: count })) {
  if (fd < 0 || written >= MAX_FILE_BYTES) {
    if (fd >= 0) closeSync(fd);
    const file = `${DIR}/seed-${String(files.length + 1).padStart(3, "0")}.sql`;
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
  process.stdout.write(`\rApplying ${file} (${index + 1}/${files.length})…`);
  await wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file], { quiet: true });
}
const done = performance.now();
console.log(
  `\rLocal database seeded: ${count} listings in ${((done - started) / 1000).toFixed(1)} s ` +
    `(SQL ${((generated - started) / 1000).toFixed(1)} s, ${files.length} file${files.length === 1 ? "" : "s"}; D1 ${((done - generated) / 1000).toFixed(1)} s).`,
);
