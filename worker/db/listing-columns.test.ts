import { describe, expect, it } from "vitest";
import { LISTING_FACTS } from "#shared/listing-facts.ts";
import { LISTING_FIELD_NAMES } from "#shared/listing-fields.ts";
import { listingColumns } from "./listing-columns.ts";
import { editRow, updateListing } from "./listing-edits.ts";

/** The listing's own columns (`l.name`, not aliased) an SQL text reads. */
const ownColumns = (sql: string) => new Set([...sql.matchAll(/\bl\.(\w+)\b(?! AS)/g)].map((m) => m[1]));

/** A database that keeps the SQL it is given and answers nothing. */
function recordingDb() {
  const sql: string[] = [];
  const statement = {
    bind: () => statement,
    first: async () => null,
    run: async () => ({ meta: { changes: 1 } }),
  };
  const db = {
    prepare: (text: string) => (sql.push(text), statement),
    batch: async () => [{ meta: { changes: 1 } }],
  } as unknown as D1Database;
  return { db, sql };
}

/** Every field of shared/listing-fields.ts but the place, which is stored as ids: a column of its name each. */
const FIELD_COLUMNS = LISTING_FIELD_NAMES.filter((name) => name !== "city" && name !== "district");

describe("the listing's columns follow the table of its fields", () => {
  it("every read selects each fact", () => {
    for (const exact of [false, true]) {
      const columns = ownColumns(listingColumns("en", exact));
      expect(LISTING_FACTS.filter((name) => !columns.has(name))).toEqual([]);
    }
  });

  it("the owner's edit reads every field's column, and the place as slugs", async () => {
    const { db, sql } = recordingDb();
    await editRow(db, 1, 1);
    const columns = ownColumns(sql[0]!);
    expect(FIELD_COLUMNS.filter((name) => !columns.has(name))).toEqual([]);
    expect(sql[0]).toMatch(/c\.slug AS city, d\.slug AS district/);
  });

  it("a step may write every field's column", async () => {
    const { db, sql } = recordingDb();
    const values = Object.fromEntries(FIELD_COLUMNS.map((name) => [name, null]));
    await updateListing(db, 1, "draft", { ...values, city_id: 1, district_id: null }, 0);
    const set = sql[0]!
      .match(/SET (.*) WHERE/)![1]!
      .split(", ")
      .map((part) => part.replace(" = ?", ""));
    expect(set.sort()).toEqual([...FIELD_COLUMNS, "city_id", "district_id", "updated_at"].sort());
  });
});
