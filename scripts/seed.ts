/**
 * `npm run seed [-- --count N] [-- --if-empty] [-- --persist-to FOLDER]`: applies the migrations to the
 * local D1 (`.wrangler/state`, or FOLDER) and replaces its data with the deterministic seed (N listings,
 * 2 000 by default). `--if-empty` leaves a database that already has cities alone.
 */
import { parseArgs } from "node:util";
import { DEFAULT_FOLDERS } from "#harness/folders.ts";
import { seedLocalD1 } from "#harness/seed/local-d1.ts";
import { DEFAULT_LISTINGS } from "#harness/seed/seed-sql.ts";

const { values } = parseArgs({
  options: {
    "if-empty": { type: "boolean", default: false },
    count: { type: "string" },
    "persist-to": { type: "string", default: DEFAULT_FOLDERS.state },
  },
});
const count = values.count === undefined ? DEFAULT_LISTINGS : Number(values.count);
if (!Number.isSafeInteger(count) || count < 0) {
  console.error(`--count must be a whole number ≥ 0, got ${values.count}`);
  process.exit(2);
}

await seedLocalD1({
  state: values["persist-to"],
  listings: count,
  ifEmpty: values["if-empty"],
  progress: (line) => process.stdout.write(`\r${line}`),
  log: (line) => console.log(`\r${line}`),
});
