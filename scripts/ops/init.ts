/**
 * `npm run ops -- init`: applies the migrations, then upserts the reference data a live site needs
 * (harness/reference-tables.ts, decision 055) — inserting what is missing, updating what changed,
 * leaving the rest: a second run changes nothing. Prints what it did per table.
 */
import { referenceTables } from "#harness/reference-tables.ts";
import { planUpsert } from "#worker/db/reference/upsert.ts";
import { applyMigrations, describeTarget, execute, queries, type D1Target } from "./d1-target.ts";

export async function init(target: D1Target, log: (line: string) => void = console.log): Promise<void> {
  log(`Initialising the ${describeTarget(target)}…`);
  await applyMigrations(target);
  log("Migrations applied.");
  // One read of every table and one batch of writes (all of it or, on an error, none of it): each
  // wrangler call costs seconds, the rows are a few hundred.
  const specs = referenceTables();
  const held = await queries(
    target,
    specs.map((spec) => `SELECT ${spec.columns.join(", ")} FROM ${spec.table}`),
  );
  const plans = specs.map((spec, i) => planUpsert(spec, held[i]!));
  await execute(
    target,
    plans.flatMap((plan) => plan.statements),
  );
  for (const plan of plans)
    log(`${plan.table.padEnd(11)} ${plan.inserted} inserted, ${plan.updated} updated, ${plan.unchanged} unchanged`);
  const changed = plans.reduce((n, p) => n + p.inserted + p.updated, 0);
  log(changed === 0 ? "Reference data up to date: nothing changed." : `Reference data: ${changed} rows written.`);
}
