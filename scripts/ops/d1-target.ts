/**
 * Which D1 an operator's command works on (`npm run ops -- … [--local [--persist-to DIR] | --remote]
 * [--env NAME]`), and running SQL there through wrangler: the local D1 by default (wrangler's own
 * folder, or DIR), the deployed one with `--remote`, of the wrangler environment NAME when given.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wrangler } from "#harness/wrangler.ts";

export interface D1Target {
  remote: boolean;
  /** Wrangler's `--persist-to` folder of a local D1; undefined: wrangler's default. */
  persistTo?: string;
  /** The wrangler environment (`[env.NAME]`); undefined: the top level. */
  env?: string;
}

/** The wrangler arguments that name the target after `d1 execute DB` / `d1 migrations apply DB`. */
function targetArgs(target: D1Target): string[] {
  return [
    ...(target.remote ? ["--remote"] : ["--local", ...(target.persistTo ? ["--persist-to", target.persistTo] : [])]),
    ...(target.env ? ["--env", target.env] : []),
  ];
}

/** How the target is named to the operator. */
export function describeTarget(target: D1Target): string {
  const where = target.remote ? "remote D1" : `local D1 (${target.persistTo ?? ".wrangler/state"})`;
  return target.env ? `${where}, environment ${target.env}` : where;
}

export function applyMigrations(target: D1Target): Promise<string> {
  return wrangler(["d1", "migrations", "apply", "DB", ...targetArgs(target)], { quiet: true });
}

/** Rows of one SQL query on the target. */
export async function query<Row>(target: D1Target, sql: string): Promise<Row[]> {
  const out = await wrangler(["d1", "execute", "DB", ...targetArgs(target), "--json", "--command", sql], {
    quiet: true,
  });
  return (JSON.parse(out.slice(out.indexOf("[")))[0]?.results ?? []) as Row[];
}

/** Rows of each of several queries, in one wrangler call. */
export async function queries(target: D1Target, sqls: string[]): Promise<Record<string, unknown>[][]> {
  const out = await wrangler(["d1", "execute", "DB", ...targetArgs(target), "--json", "--command", sqls.join(";\n")], {
    quiet: true,
  });
  const results = JSON.parse(out.slice(out.indexOf("["))) as { results?: Record<string, unknown>[] }[];
  return sqls.map((_, i) => results[i]?.results ?? []);
}

/**
 * Runs statements on the target as one file (`wrangler d1 execute --file`, which D1 applies as one
 * batch: all of it or, on an error, none of it).
 */
export async function execute(target: D1Target, statements: string[]): Promise<void> {
  if (statements.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), "kvadrat-ops-"));
  const file = join(dir, "statements.sql");
  const fd = openSync(file, "w");
  try {
    for (const statement of statements) writeSync(fd, `${statement};\n`);
  } finally {
    closeSync(fd);
  }
  try {
    await wrangler(["d1", "execute", "DB", ...targetArgs(target), "--yes", "--file", file], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A SQL string literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
