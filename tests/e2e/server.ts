import type { TestProject } from "vitest/node";
import { FOLDERS, testState } from "#harness/folders.ts";
import { seedLocalD1 } from "#harness/seed/local-d1.ts";
import { serveBuild } from "#harness/serve-build.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
  }
}

/** Serves npm test's build with the project's own migrated, seeded local D1. */
export default async function setup(project: TestProject) {
  const state = testState(project.name);
  await seedLocalD1({ state, ifEmpty: true, freshCounters: true, log: () => {} });
  const server = await serveBuild({ build: FOLDERS.test.build, state });
  project.provide("baseURL", server.url);
  return () => server.stop();
}
