/**
 * `npm run seed`: applies the migrations to the local D1 and fills it with the deterministic seed.
 * `--if-empty` leaves a database that already has cities alone (what `npm start` uses).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { seedStatements } from "./seed/seed-sql.ts";
import { wrangler } from "./wrangler.ts";

const ifEmpty = process.argv.includes("--if-empty");

await wrangler(["d1", "migrations", "apply", "DB", "--local"], { quiet: true });

if (ifEmpty) {
  const out = await wrangler(["d1", "execute", "DB", "--local", "--json", "--command", "SELECT COUNT(*) AS n FROM cities"], {
    quiet: true,
  });
  const count = JSON.parse(out.slice(out.indexOf("[")))[0]?.results?.[0]?.n ?? 0;
  if (count > 0) {
    console.log(`Local database already seeded (${count} cities).`);
    process.exit(0);
  }
}

mkdirSync(".wrangler", { recursive: true });
const file = ".wrangler/seed.sql";
writeFileSync(file, seedStatements().join(";\n") + ";\n");
await wrangler(["d1", "execute", "DB", "--local", "--file", file], { quiet: true });
console.log("Local database seeded.");
