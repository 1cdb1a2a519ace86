import type { TestProject } from "vitest/node";
import { migratedDatabase, schemaStatements } from "#harness/seed/migrated-schema.ts";
import { seedStatements } from "#harness/seed/seed-sql.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** What the migrations make (harness/seed/migrated-schema.ts). */
    schemaStatements: string[];
    seedStatements: string[];
  }
}

/** Listings seeded for the workerd tests: enough for every filter and page, quick to apply. */
const TEST_LISTINGS = 300;

/**
 * The migrated schema's and the seed's SQL, made once in Node for every test file (apply-migrations.ts runs
 * them in each file's own D1): importing the seed's modules into each file's runtime cost seconds a file. Anchored to today, as
 * local databases are, so that the seeded listings' runs, statistics and reports fall around the real
 * clock the worker reads.
 */
export default function setup(project: TestProject) {
  project.provide("schemaStatements", schemaStatements(migratedDatabase()));
  project.provide("seedStatements", seedStatements({ listings: TEST_LISTINGS, anchor: Date.now() }));
}
