import { globSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, expect, test } from "vitest";
import { wrangler } from "../wrangler.ts";
import { seedLocalD1 } from "./local-d1.ts";
import { migratedDatabase } from "./migrated-schema.ts";

const state = mkdtempSync(join(tmpdir(), "kvadrat-seed-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

function schema(db: DatabaseSync): unknown[] {
  return db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type, name",
    )
    .all();
}

test("a new local D1 gets the migrated schema and wrangler's record of the migrations with its seed", async () => {
  const lines: string[] = [];
  await seedLocalD1({ state, listings: 30, ifEmpty: true, log: (line) => lines.push(line) });
  expect(lines.join("\n")).toMatch(/seeded: 30 listings/);

  const [file] = globSync(join(state, "v3/d1/*/*.sqlite")).filter((name) => !name.endsWith("metadata.sqlite"));
  const local = new DatabaseSync(file!, { readOnly: true });
  expect(schema(local)).toEqual(schema(migratedDatabase()));
  expect(local.prepare("SELECT COUNT(*) AS n FROM listings").get()).toEqual({ n: 30 });
  local.close();

  const applied = await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    quiet: true,
  });
  expect(applied).toMatch(/No migrations to apply/);

  // Seeded once: a second start keeps the data.
  lines.length = 0;
  await seedLocalD1({ state, listings: 30, ifEmpty: true, log: (line) => lines.push(line) });
  expect(lines.join("\n")).toMatch(/already seeded/);
}, 60_000);
