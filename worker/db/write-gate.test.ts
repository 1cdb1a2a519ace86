import { describe, expect, it } from "vitest";
import type { Database } from "#worker/app-env.ts";
import { gateWrites, WriteRefused } from "./write-gate.ts";

/** A database that records each statement it runs, a batch as one entry. */
function recordingDb() {
  const ran: string[] = [];
  const statement = (sql: string): D1PreparedStatement => {
    const s = {
      sql,
      bind: () => s,
      first: async () => (ran.push(sql), null),
      all: async () => (ran.push(sql), { results: [], success: true, meta: {} }),
      run: async () => (ran.push(sql), { results: [], success: true, meta: {} }),
      raw: async () => (ran.push(sql), []),
    };
    return s as unknown as D1PreparedStatement;
  };
  const db: Database = {
    prepare: (sql: string) => statement(sql),
    batch: async <T>(statements: D1PreparedStatement[]) => {
      ran.push(`batch: ${statements.map((s) => (s as unknown as { sql: string }).sql).join(" | ")}`);
      return [] as D1Result<T>[];
    },
  };
  return { db, ran };
}

function verdict() {
  let settle!: (value: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("gateWrites", () => {
  it("runs reads at once, and holds writes until the verdict is yes", async () => {
    const { db, ran } = recordingDb();
    const allowed = verdict();
    const gated = gateWrites(db, allowed.promise);
    await gated.prepare("SELECT 1").first();
    const write = gated.prepare("UPDATE users SET name = ? WHERE id = ?").bind("x", 1).run();
    const batch = gated.batch([gated.prepare("SELECT 2"), gated.prepare("INSERT INTO favourites VALUES (?)").bind(1)]);
    await tick();
    expect(ran).toEqual(["SELECT 1"]);
    allowed.settle(true);
    await Promise.all([write, batch]);
    expect(ran).toEqual([
      "SELECT 1",
      "UPDATE users SET name = ? WHERE id = ?",
      "batch: SELECT 2 | INSERT INTO favourites VALUES (?)",
    ]);
  });

  it("refuses every write when the verdict is no, and still reads", async () => {
    const { db, ran } = recordingDb();
    const gated = gateWrites(db, Promise.resolve(false));
    await expect(gated.prepare("DELETE FROM favourites WHERE user_id = ?").bind(1).run()).rejects.toBeInstanceOf(
      WriteRefused,
    );
    await expect(
      gated.prepare("WITH x AS (SELECT 1) UPDATE users SET name = 'y' WHERE id = 1").first(),
    ).rejects.toBeInstanceOf(WriteRefused);
    await expect(gated.batch([gated.prepare("INSERT INTO t VALUES (1)")])).rejects.toBeInstanceOf(WriteRefused);
    await gated.batch([gated.prepare("SELECT 3")]);
    await gated.prepare("WITH x AS (SELECT 1) SELECT * FROM x").all();
    expect(ran).toEqual(["batch: SELECT 3", "WITH x AS (SELECT 1) SELECT * FROM x"]);
  });
});
