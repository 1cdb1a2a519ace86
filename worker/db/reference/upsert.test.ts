import { describe, expect, it } from "vitest";
import { mediaTagRows } from "./media-tags.ts";
import { planUpsert, type ReferenceTable } from "./upsert.ts";

const spec = (edited?: ReferenceTable["edited"]): ReferenceTable => ({
  table: "faq",
  key: ["id"],
  columns: ["id", "text"],
  rows: [
    { id: 1, text: "one" },
    { id: 2, text: "two" },
  ],
  edited,
});

describe("planUpsert", () => {
  it("inserts the missing rows and updates the changed ones of a table the source owns", () => {
    const plan = planUpsert(spec(), [{ id: 1, text: "uno" }]);
    expect(plan).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
  });

  it("fills a table editors own only while it is empty (decision 060)", () => {
    expect(planUpsert(spec("table"), [])).toMatchObject({ inserted: 2, updated: 0 });
    // An edited text stays, a deleted row stays deleted.
    const plan = planUpsert(spec("table"), [{ id: 1, text: "edited" }]);
    expect(plan).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, statements: [] });
  });

  it("adds the missing keys of a table whose rows editors own, never overwriting one", () => {
    const plan = planUpsert(spec("rows"), [{ id: 1, text: "edited" }]);
    expect(plan).toMatchObject({ inserted: 1, updated: 0, unchanged: 1 });
    expect(plan.statements.join(";")).not.toContain("edited");
  });
});

describe("the media tag tree", () => {
  it("has four levels at most, parents first, siblings' slugs unique, positions in list order", () => {
    const rows = mediaTagRows();
    const seen = new Set<number>();
    const slugs = new Set<string>();
    for (const row of rows) {
      expect(row.parent_id === null || seen.has(row.parent_id)).toBe(true);
      expect(row.depth).toBeLessThanOrEqual(4);
      const key = `${row.parent_id}/${row.slug}`;
      expect(slugs.has(key), key).toBe(false);
      slugs.add(key);
      seen.add(row.id);
    }
    expect(rows.filter((row) => row.parent_id === null).map((row) => row.position)).toEqual([0, 1, 2, 3]);
    expect(() => mediaTagRows([{ id: 2, parent: 1, slug: "x", name: { en: "", ru: "", sr: "" } }])).toThrow();
  });
});
