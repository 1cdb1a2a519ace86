/**
 * The part of D1's API the worker's queries use (`prepare().bind()`, `all`, `first`, `run`, `batch`) over
 * node:sqlite, for scripts that run the worker's own query modules on a local SQLite database with the real
 * migrations (`npm run alerts:bench`). It also adds up the time spent in SQLite, so a script can tell the
 * database's share of a step from the JavaScript's.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";

export interface SqliteD1 {
  db: D1Database;
  /** Milliseconds spent inside SQLite so far. */
  sqlMs(): number;
}

export function sqliteD1(sqlite: DatabaseSync): SqliteD1 {
  const statements = new Map<string, StatementSync>();
  let spent = 0;
  const timed = <T>(work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      spent += performance.now() - start;
    }
  };
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
    return statement;
  };

  class Statement {
    readonly sql: string;
    readonly args: SQLInputValue[];
    constructor(sql: string, args: SQLInputValue[] = []) {
      this.sql = sql;
      this.args = args;
    }
    bind(...args: unknown[]) {
      return new Statement(this.sql, args as SQLInputValue[]);
    }
    rows() {
      return timed(() => prepared(this.sql).all(...this.args));
    }
    async all() {
      return { results: this.rows(), success: true, meta: {} };
    }
    async first(column?: string) {
      const row = this.rows()[0] as Record<string, unknown> | undefined;
      if (!row) return null;
      return column === undefined ? { ...row } : row[column];
    }
    execute() {
      const result = timed(() => prepared(this.sql).run(...this.args));
      return { results: [], success: true, meta: { changes: Number(result.changes) } };
    }
    async run() {
      return this.execute();
    }
  }

  const db = {
    prepare: (sql: string) => new Statement(sql),
    async batch(list: Statement[]) {
      timed(() => sqlite.exec("BEGIN"));
      try {
        const results = list.map((statement) =>
          /^\s*(SELECT|WITH)|RETURNING/i.test(statement.sql)
            ? { results: statement.rows(), success: true, meta: {} }
            : statement.execute(),
        );
        timed(() => sqlite.exec("COMMIT"));
        return results;
      } catch (error) {
        sqlite.exec("ROLLBACK");
        throw error;
      }
    },
    async exec(sql: string) {
      timed(() => sqlite.exec(sql));
      return { count: 1, duration: 0 };
    },
  };
  return { db: db as unknown as D1Database, sqlMs: () => spent };
}
