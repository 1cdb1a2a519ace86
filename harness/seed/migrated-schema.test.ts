import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { seedStatements } from "./seed-sql.ts";
import { migratedDatabase, migrationNames, schemaStatements } from "./migrated-schema.ts";

const objects = (db: DatabaseSync) =>
  db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all();

/** Every table's rows but the full-text index's own (its layout differs, its answers are compared below). */
function contents(db: DatabaseSync) {
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
         AND name NOT LIKE 'listings\\_fts\\_%' ESCAPE '\\'`,
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables
      .filter(({ name }) => name !== "d1_migrations")
      .map(({ name }) => [
        name,
        db
          .prepare(`SELECT * FROM "${name}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
  );
}

describe("the migrated schema made in one go", () => {
  const migrated = migratedDatabase();
  const made = new DatabaseSync(":memory:");
  made.exec(schemaStatements(migrated).join(";\n"));

  it("has every table, index, trigger and view the migrations make, word for word", () => {
    expect(objects(made)).toEqual(objects(migrated));
  });

  it("has every row the migrations wrote, and the migrations' names as wrangler records them", () => {
    expect(contents(made)).toEqual(contents(migrated));
    expect(
      made
        .prepare("SELECT name FROM d1_migrations ORDER BY id")
        .all()
        .map((row) => row.name),
    ).toEqual(migrationNames());
  });

  it("behaves as the migrated one: the seed's rows fire the same triggers", () => {
    const statements = seedStatements({ listings: 20, anchor: Date.UTC(2026, 10, 30) });
    const seeded = (db: DatabaseSync) => {
      db.exec(statements.join(";\n"));
      // Throws unless the full-text index holds exactly what its listings say.
      db.exec("INSERT INTO listings_fts (listings_fts) VALUES ('integrity-check')");
      // The one clock a trigger reads.
      db.exec("UPDATE visibility_changes SET changed_at = 0");
      const found = db.prepare(
        "SELECT rowid FROM listings_fts WHERE listings_fts MATCH 'terr* OR stan*' ORDER BY rowid",
      );
      return { ...contents(db), found: found.all() };
    };
    expect(seeded(made)).toEqual(seeded(migratedDatabase()));
  });
});
