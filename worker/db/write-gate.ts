/**
 * A request's database whose writes wait for a verdict (decision 105): reads go at once, a statement that
 * writes (`isWrite`, the meter's rule: anything but a read) is sent only once `allowed` has resolved true,
 * and is refused with WriteRefused when it resolves false. A page rendered for a visitor whose session is
 * still being confirmed may read as them but change nothing until the confirmation is in.
 */
import type { Database } from "#worker/app-env.ts";
import { isWrite } from "./d1-meter.ts";

/** A write asked for while the verdict was "no": the request's work is thrown away, nothing was written. */
export class WriteRefused extends Error {
  constructor() {
    super("A write waited for the visitor's session, which was not confirmed");
    this.name = "WriteRefused";
  }
}

/** The statement the database made behind each gated write. */
const realStatements = new WeakMap<object, D1PreparedStatement>();

/** `db` with its writes held until `allowed` is true (refused if it is false). */
export function gateWrites(db: Database, allowed: Promise<boolean>): Database {
  const open = async () => {
    if (!(await allowed)) throw new WriteRefused();
  };

  function gated(real: D1PreparedStatement): D1PreparedStatement {
    const statement = {
      bind: (...values: unknown[]) => gated(real.bind(...values)),
      first: async (column?: string) => {
        await open();
        return column === undefined ? real.first() : real.first(column);
      },
      all: async () => {
        await open();
        return real.all();
      },
      run: async () => {
        await open();
        return real.run();
      },
      raw: async (options?: { columnNames?: boolean }) => {
        await open();
        return real.raw(options as { columnNames: true });
      },
    };
    realStatements.set(statement, real);
    return statement as unknown as D1PreparedStatement;
  }

  return {
    prepare: (sql: string) => {
      const statement = db.prepare(sql);
      return isWrite(sql) ? gated(statement) : statement;
    },
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      const reals = statements.map((s) => realStatements.get(s));
      if (reals.some((real) => real !== undefined)) await open();
      return db.batch<T>(statements.map((s, i) => reals[i] ?? s));
    },
  };
}
