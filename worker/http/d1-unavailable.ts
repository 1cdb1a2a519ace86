/**
 * D1 busy, locked, overloaded or briefly unreachable (decision 051): a moment's state of the database, not
 * a fault of the code or of the request. The API and the pages answer it with a 503 and `Retry-After`,
 * never a 500, and never a copy anyone may keep.
 */
import { debugAllowed } from "./environment.ts";
import type { Database, RequestEnv } from "#worker/app-env.ts";

/** Seconds a client is asked to wait before trying again. */
const D1_RETRY_AFTER_S = 5;

/** The messages D1 and its SQLite give for a database that is there but cannot answer now. */
const UNAVAILABLE =
  /SQLITE_BUSY|SQLITE_LOCKED|database is (?:locked|busy)|D1 DB is overloaded|Network connection lost|storage caused object to be reset|storage operation exceeded timeout/i;

export function isD1Unavailable(error: unknown): boolean {
  return error instanceof Error && UNAVAILABLE.test(error.message);
}

/** The headers of such an answer. */
export const D1_UNAVAILABLE_HEADERS = {
  "Retry-After": String(D1_RETRY_AFTER_S),
  "Cache-Control": "private, no-store",
} as const;

/** `X-Debug-D1-Fault: busy` (development, loopback only): every D1 call of the request fails as a locked database does. */
const D1_FAULT_HEADER = "x-debug-d1-fault";

const busy = () => Promise.reject(new Error("D1_ERROR: database is locked: SQLITE_BUSY"));

function busyStatement(): D1PreparedStatement {
  const statement = {
    bind: () => statement,
    first: busy,
    all: busy,
    run: busy,
    raw: busy,
  };
  return statement as unknown as D1PreparedStatement;
}

const BUSY_DATABASE = {
  prepare: () => busyStatement(),
  batch: busy,
  exec: busy,
  dump: busy,
  withSession: () => BUSY_DATABASE,
  getBookmark: () => null,
} as unknown as D1Database;

/** The request's database: a locked one when the development knob asks for it. */
export function databaseFor(env: RequestEnv, request: Request): Database {
  return request.headers.get(D1_FAULT_HEADER) === "busy" && debugAllowed(env, request) ? BUSY_DATABASE : env.DB;
}
