/** The start of every script that measures a served build: the build (unless told not to) and a fresh seed. */
import { rmSync } from "node:fs";
import { buildSite } from "./build.ts";
import type { Folders } from "./folders.ts";
import { seedLocalD1 } from "./seed/local-d1.ts";

/**
 * Builds into `folders.build` when `build` (a failed build ends the script with its output), then seeds
 * `folders.state` afresh with `listings` listings: each run measures the same starting point.
 */
export async function freshBenchSite(folders: Folders, { build, listings }: { build: boolean; listings: number }) {
  if (build) {
    console.log(`▶ build → ${folders.build}`);
    const built = buildSite(folders.build);
    if (built.status !== 0) {
      console.error(built.output);
      process.exit(built.status);
    }
  }
  console.log(`▶ fresh seed → ${folders.state}`);
  rmSync(folders.state, { recursive: true, force: true });
  await seedLocalD1({ state: folders.state, listings, log: () => {} });
}
