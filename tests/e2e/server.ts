import type { TestProject } from "vitest/node";
import { launchServer } from "#harness/browser.ts";
import { FOLDERS, SEEDED_TEST_STATE, testState } from "#harness/folders.ts";
import { seedTestD1 } from "#harness/seed/local-d1.ts";
import { serveBuild } from "#harness/serve-build.ts";
import { serveGeocoder } from "./geocoder-server.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The run's Chromium, which each file connects to (`fileBrowser`). */
    browserEndpoint: string;
  }
}

/**
 * Serves npm test's build with the project's own migrated, seeded local D1, and a geocoder stand-in on
 * loopback for the wizard's street addresses (decision 065), and one Chromium for every file.
 */
export default async function setup(project: TestProject) {
  const state = testState(project.name);
  await seedTestD1(state, SEEDED_TEST_STATE);
  const geocoder = await serveGeocoder();
  const server = await serveBuild(
    { build: FOLDERS.test.build, state },
    { vars: { GEOCODER_URL: `${geocoder.url}/search`, GEOCODER_KIND: "nominatim" } },
  );
  project.provide("baseURL", server.url);
  const chromium = await launchServer();
  project.provide("browserEndpoint", chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    await server.stop();
    await geocoder.stop();
  };
}
