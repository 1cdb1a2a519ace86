import { describe, expect, it } from "vitest";
import { isWrite, meterD1 } from "./d1-meter.ts";

/** A stand-in D1: statements answer after `ms`, and remember what they were given. */
function fakeD1(ms = 0) {
  const ran: string[] = [];
  const batches: unknown[][] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  class Statement {
    constructor(
      readonly sql: string,
      readonly params: unknown[] = [],
    ) {}
    bind(...values: unknown[]) {
      return new Statement(this.sql, values);
    }
    first() {
      ran.push(this.sql);
      return later({ sql: this.sql, params: this.params });
    }
    all() {
      ran.push(this.sql);
      return later({ results: [], success: true, meta: {} });
    }
    run() {
      return this.all();
    }
    raw() {
      ran.push(this.sql);
      return later([]);
    }
  }
  const db = {
    prepare: (sql: string) => new Statement(sql) as unknown as D1PreparedStatement,
    batch: <T = unknown>(statements: D1PreparedStatement[]) => {
      // D1's batch reads its own statements' fields: a metered one must be unwrapped first.
      if (!statements.every((s) => s instanceof Statement)) throw new TypeError("not a D1 statement");
      batches.push(statements);
      return later(statements.map(() => ({ results: [], success: true, meta: {} })) as unknown as D1Result<T>[]);
    },
    withSession: () => ({ ...db, session: true }),
    exec: (sql: string) => later({ count: 1, duration: 0, sql }),
    name: "fake",
  };
  return { db, ran, batches };
}

describe("isWrite", () => {
  it("tells reads from writes, comments and WITH included", () => {
    for (const read of [
      "SELECT 1",
      "  select * from x",
      "-- why\nSELECT 1",
      "/* a */ SELECT 1",
      "WITH a AS (SELECT 1) SELECT * FROM a",
      "PRAGMA table_info(x)",
      "EXPLAIN QUERY PLAN SELECT 1",
    ])
      expect(isWrite(read), read).toBe(false);
    for (const write of [
      "INSERT INTO x VALUES (1)",
      "update x set a = 1",
      "DELETE FROM x",
      "REPLACE INTO x VALUES (1)",
      "INSERT OR IGNORE INTO x VALUES (1)",
      "WITH a AS (SELECT 1) INSERT INTO x SELECT * FROM a",
      "-- note\nUPDATE x SET a = 2",
      "CREATE INDEX i ON x(a)",
    ])
      expect(isWrite(write), write).toBe(true);
  });
});

describe("meterD1", () => {
  it("counts each first, all, run and raw as a round trip, and writes by their statement", async () => {
    const { db, ran } = fakeD1();
    const { db: metered, counts } = meterD1(db);
    const read = metered.prepare("SELECT ?1");
    expect(await read.bind(7).first()).toEqual({ sql: "SELECT ?1", params: [7] });
    await read.all();
    await metered.prepare("UPDATE x SET a = ?").bind(1).run();
    await metered.prepare("SELECT 2").raw();
    expect(counts).toMatchObject({ roundTrips: 4, writes: 1, inFlight: 0 });
    expect(ran).toEqual(["SELECT ?1", "SELECT ?1", "UPDATE x SET a = ?", "SELECT 2"]);
  });

  it("counts a batch as one round trip with its writing members, giving D1 its own statements", async () => {
    const { db, batches } = fakeD1();
    const { db: metered, counts } = meterD1(db);
    await metered.batch([
      metered.prepare("INSERT INTO x VALUES (?)").bind(1),
      metered.prepare("SELECT 1"),
      metered.prepare("DELETE FROM x WHERE a = ?").bind(2),
    ]);
    expect(counts).toMatchObject({ roundTrips: 1, writes: 2, sequential: 1 });
    expect(batches[0]).toHaveLength(3);
  });

  it("measures the sequential depth: awaited one by one it is their number, together it is one", async () => {
    const { db } = fakeD1(5);
    const one = meterD1(db);
    for (let i = 0; i < 3; i++) await one.db.prepare("SELECT 1").first();
    expect(one.counts).toMatchObject({ roundTrips: 3, sequential: 3, sequentialEnded: 3 });

    const together = meterD1(db);
    await Promise.all([1, 2, 3].map(() => together.db.prepare("SELECT 1").first()));
    expect(together.counts).toMatchObject({ roundTrips: 3, sequential: 1 });
    // Two chains, the longer one decides: (a → b) beside c.
    const chains = meterD1(db);
    await Promise.all([
      chains.db
        .prepare("SELECT 1")
        .first()
        .then(() => chains.db.prepare("SELECT 2").first()),
      chains.db.prepare("SELECT 3").first(),
    ]);
    expect(chains.counts).toMatchObject({ roundTrips: 3, sequential: 2 });
  });

  it("says what had ended while a round trip is still running", async () => {
    const { db } = fakeD1(5);
    const { db: metered, counts } = meterD1(db);
    await metered.prepare("SELECT 1").first();
    const running = metered.prepare("SELECT 2").first();
    expect(counts).toMatchObject({ roundTrips: 2, sequential: 2, sequentialEnded: 1, inFlight: 1 });
    await running;
    expect(counts).toMatchObject({ sequentialEnded: 2, inFlight: 0 });
  });

  it("delays every round trip by delayMs", async () => {
    const { db } = fakeD1();
    const { db: metered } = meterD1(db, { delayMs: 40 });
    const start = performance.now();
    await metered.prepare("SELECT 1").first();
    await metered.batch([metered.prepare("SELECT 1")]);
    expect(performance.now() - start).toBeGreaterThanOrEqual(78);
  });

  it("meters a session it opens and exec into the same counts, and passes everything else through", async () => {
    const { db } = fakeD1();
    const { db: metered, counts } = meterD1(db);
    const session = metered.withSession();
    await session.prepare("INSERT INTO x VALUES (1)").run();
    await session.batch([session.prepare("SELECT 1")]);
    await metered.exec("DELETE FROM x");
    expect(counts).toMatchObject({ roundTrips: 3, writes: 2 });
    expect(counts.trips.map((trip) => trip.sql)).toEqual([
      "INSERT INTO x VALUES (1)",
      "batch: SELECT 1",
      "DELETE FROM x",
    ]);
    expect(metered.name).toBe("fake");
  });

  it("counts a failed round trip and ends it", async () => {
    const failing = {
      prepare: (_sql: string) =>
        ({ first: () => Promise.reject(new Error("SQLITE_BUSY")) }) as unknown as D1PreparedStatement,
      batch: <T>(): Promise<D1Result<T>[]> => Promise.reject(new Error("SQLITE_BUSY")),
    };
    const { db: metered, counts } = meterD1(failing);
    await expect(metered.prepare("SELECT 1").first()).rejects.toThrow("SQLITE_BUSY");
    expect(counts).toMatchObject({ roundTrips: 1, inFlight: 0, sequentialEnded: 1 });
  });
});

describe("mostBound", () => {
  it("is the most parameters bound to one statement, batch members included", async () => {
    const { db } = fakeD1();
    const metered = meterD1(db);
    expect(metered.counts.mostBound).toBe(0);
    await metered.db.prepare("SELECT ?").bind(1).first();
    await metered.db.batch([
      metered.db.prepare("INSERT INTO x VALUES (?, ?, ?)").bind(1, 2, 3),
      metered.db.prepare("INSERT INTO x VALUES (?, ?)").bind(1, 2),
    ]);
    expect(metered.counts.mostBound).toBe(3);
  });
});
