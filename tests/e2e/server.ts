import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { serveBuild } from "#harness/serve-build.ts";
import { wranglerEnv } from "#harness/wrangler.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
  }
}

/** Serves the current build (npm test builds first) with a migrated, seeded local D1. */
export default async function setup(project: TestProject) {
  const seed = spawnSync("node", ["scripts/seed.ts", "--if-empty"], { env: wranglerEnv, encoding: "utf8" });
  if (seed.status !== 0) throw new Error(`seeding failed\n${seed.stdout}\n${seed.stderr}`);
  const server = await serveBuild();
  project.provide("baseURL", server.url);
  return () => server.stop();
}
