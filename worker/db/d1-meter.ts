/**
 * A D1 database (or a D1 session) that counts its round trips and may delay each one (development only,
 * decision 091): what a request costs the database, and how it feels when the database is far away.
 * A round trip is one `first`, `all`, `run` or `raw` of a statement, one `batch` or one `exec`; a write is a
 * statement that is not a read (anything but SELECT, a read-only WITH, PRAGMA, EXPLAIN or VALUES), each
 * writing member of a batch counting once.
 *
 * Sequential depth: a round trip's depth is one more than the deepest round trip that had ended when it
 * started. A request that awaits its queries one by one has the depth of their number; one that runs
 * them together has the depth of the longest chain. That is what a far-away database multiplies.
 */

/** What the meter wraps: a D1Database, a D1DatabaseSession or anything else with the same two methods. */
export interface D1Like {
  prepare(query: string): D1PreparedStatement;
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

export interface D1Counts {
  /** Round trips started. */
  roundTrips: number;
  /** Writing statements run (a batch's writing members each count). */
  writes: number;
  /** Statements run, a batch's members each counted (the Workers' limit of queries per invocation counts these). */
  statements: number;
  /** Rows D1 reports written (`meta.rows_written`) by the statements whose answer carries it (not `first`). */
  rowsWritten: number;
  /** The most parameters bound to one statement (the Workers' limit is 100 per statement). */
  mostBound: number;
  /** The deepest chain of round trips each started after the one before it had ended. */
  sequential: number;
  /** The same depth over the round trips that have ended: what a response sent now waited for. */
  sequentialEnded: number;
  /** Round trips started and not yet ended. */
  inFlight: number;
  /** Each round trip in the order started: its statement's first words and its sequential depth. */
  trips: { sql: string; depth: number }[];
}

export interface D1MeterOptions {
  /** Milliseconds every round trip waits before it goes to the database. */
  delayMs?: number;
}

const READ = /^(?:SELECT|PRAGMA|EXPLAIN|VALUES)\b/i;
const WRITE_WORD = /\b(?:INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;
const LEADING_NOISE = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)+/;

/** Whether a statement changes the database (a WITH query is a read unless it writes). */
export function isWrite(sql: string): boolean {
  const text = sql.replace(LEADING_NOISE, "");
  if (READ.test(text)) return false;
  if (/^WITH\b/i.test(text)) return WRITE_WORD.test(text);
  return true;
}

interface Metered {
  /** The statement D1 made, which its `batch` takes (it reads the statement's own fields). */
  real: D1PreparedStatement;
  sql: string;
  writes: number;
}

/** How much of a statement a trip's record keeps. */
const TRIP_SQL_CHARS = 80;

/** The real statement and its writes behind each metered one. */
const meteredStatements = new WeakMap<object, Metered>();

/**
 * `db` metered: the wrapped database (same type; a session it opens is metered into the same counts)
 * and its counts, which rise as it is used.
 */
export function meterD1<D extends D1Like>(db: D, { delayMs = 0 }: D1MeterOptions = {}): { db: D; counts: D1Counts } {
  const counts: D1Counts = {
    roundTrips: 0,
    writes: 0,
    statements: 0,
    rowsWritten: 0,
    mostBound: 0,
    sequential: 0,
    sequentialEnded: 0,
    inFlight: 0,
    trips: [],
  };
  const rowsWritten = (result: unknown): number =>
    Array.isArray(result)
      ? result.reduce((sum: number, item) => sum + rowsWritten(item), 0)
      : Number((result as { meta?: { rows_written?: number } } | null)?.meta?.rows_written ?? 0);

  async function trip<T>(sql: string, writes: number, run: () => Promise<T>, statements = 1): Promise<T> {
    counts.roundTrips += 1;
    counts.writes += writes;
    counts.statements += statements;
    const depth = counts.sequentialEnded + 1;
    counts.trips.push({ sql: sql.replace(/\s+/g, " ").trim().slice(0, TRIP_SQL_CHARS), depth });
    counts.sequential = Math.max(counts.sequential, depth);
    counts.inFlight += 1;
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const result = await run();
      counts.rowsWritten += rowsWritten(result);
      return result;
    } finally {
      counts.inFlight -= 1;
      counts.sequentialEnded = Math.max(counts.sequentialEnded, depth);
    }
  }

  function statement(real: D1PreparedStatement, sql: string, writes: number): D1PreparedStatement {
    const metered = {
      bind: (...values: unknown[]) => {
        counts.mostBound = Math.max(counts.mostBound, values.length);
        return statement(real.bind(...values), sql, writes);
      },
      first: (column?: string) => trip(sql, writes, () => (column === undefined ? real.first() : real.first(column))),
      all: () => trip(sql, writes, () => real.all()),
      run: () => trip(sql, writes, () => real.run()),
      raw: (options?: { columnNames?: boolean }) => trip(sql, writes, () => real.raw(options as { columnNames: true })),
    };
    meteredStatements.set(metered, { real, sql, writes });
    return metered as unknown as D1PreparedStatement;
  }

  function wrap<T extends D1Like>(target: T): T {
    const methods: Record<PropertyKey, unknown> = {
      prepare: (sql: string) => statement(target.prepare(sql), sql, isWrite(sql) ? 1 : 0),
      batch: (statements: D1PreparedStatement[]) => {
        const members = statements.map((s) => meteredStatements.get(s) ?? { real: s, sql: "?", writes: 0 });
        const writes = members.reduce((sum, member) => sum + member.writes, 0);
        const sql = `batch: ${members.map((member) => member.sql.trim().slice(0, 30)).join(" | ")}`;
        return trip(sql, writes, () => target.batch(members.map((member) => member.real)), members.length);
      },
      exec: (sql: string) => trip(sql, isWrite(sql) ? 1 : 0, () => (target as unknown as D1Database).exec(sql)),
      withSession: (constraint?: string) => wrap((target as unknown as D1Database).withSession(constraint)),
    };
    return new Proxy(target, {
      get(object, property) {
        if (Object.hasOwn(methods, property) && property in object) return methods[property];
        const value = Reflect.get(object, property, object) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  }

  return { db: wrap(db), counts };
}
