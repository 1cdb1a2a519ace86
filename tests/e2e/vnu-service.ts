import type { TestProject } from "vitest/node";
import { startVnuService } from "#harness/audit/vnu.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The run's Nu checker (its web service), which every file's documents go to (`validateHtml` in browser.ts). */
    vnuService: string;
  }
}

/**
 * Starts the Nu checker once for the browser tests: ten of their files validate pages, and a java run of
 * their own cost each about 3 CPU-seconds, most of it the JVM's start and warm-up.
 */
export default async function setup(project: TestProject) {
  const service = await startVnuService();
  project.provide("vnuService", service.url);
  return service.stop;
}
