/**
 * What the D1 migrations make, as statements that make it in one go: the tables, the rows the migrations
 * wrote (reference prices, cursors…), then the indexes, triggers and views, with `d1_migrations` holding the
 * rows wrangler writes. Built on node:sqlite from `worker/db/migrations`, for the workers tests: each of their
 * files starts from a fresh D1, and replaying every migration there (each ALTER and table rebuild reading
 * the whole schema again) was most of a file's set-up; the made schema takes a few milliseconds. The
 * migrations themselves are still what `npm start`, the e2e and ops tests and every deploy apply;
 * `migrated-schema.test.ts` holds the two equal.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

const MIGRATIONS_DIR = "worker/db/migrations";

/** The table wrangler keeps the applied migrations in, in wrangler's own words (`sqlite_master` keeps them). */
const D1_MIGRATIONS_TABLE = `CREATE TABLE "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** The migrations' file names, in the order wrangler applies them. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Applies every migration to `db` (a new database) one by one, as wrangler applies and records them. */
export function applyMigrations(db: DatabaseSync, dir = MIGRATIONS_DIR): void {
  db.exec(D1_MIGRATIONS_TABLE);
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  for (const name of migrationNames(dir)) {
    db.exec(readFileSync(path.join(dir, name), "utf8"));
    record.run(name);
  }
}

/** A new in-memory database with every migration applied. */
export function migratedDatabase(dir = MIGRATIONS_DIR): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  applyMigrations(db, dir);
  return db;
}

interface SchemaObject {
  type: "table" | "index" | "trigger" | "view";
  name: string;
  tbl_name: string;
  sql: string;
}

/** FTS5's own tables, which its virtual table creates (and fills) by itself. */
const FTS5_SHADOWS = ["data", "idx", "content", "docsize", "config"];

function literal(value: SQLInputValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return `X'${Buffer.from(value as Uint8Array).toString("hex")}'`;
}

/** The statements that make `db`'s schema and rows: tables, then rows, then indexes, triggers and views. */
export function schemaStatements(db: DatabaseSync): string[] {
  const objects = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )
    .all() as unknown as SchemaObject[];
  const virtual = objects.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql));
  const shadows = new Set(virtual.flatMap((v) => FTS5_SHADOWS.map((suffix) => `${v.name}_${suffix}`)));
  const tables = objects.filter((o) => o.type === "table" && !shadows.has(o.name));
  const rows = tables
    .filter((table) => !virtual.includes(table))
    .flatMap((table) => {
      const all = db.prepare(`SELECT * FROM "${table.name}"`).all();
      return all.map((row) => {
        const columns = Object.keys(row);
        const values = columns.map((column) => literal(row[column] as SQLInputValue));
        return `INSERT INTO "${table.name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${values.join(", ")})`;
      });
    });
  // Rows before the triggers, so that none fires a second time what the migrations' own rows already hold.
  return [...tables.map((o) => o.sql), ...rows, ...objects.filter((o) => o.type !== "table").map((o) => o.sql)];
}
