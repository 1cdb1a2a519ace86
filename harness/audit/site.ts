/** Build, seed (when empty) and serve the production worker for the audits, in the command's own folders. */
import { buildSite } from "../build.ts";
import type { Folders } from "../folders.ts";
import { seedLocalD1 } from "../seed/local-d1.ts";
import { type ServedBuild, serveBuild } from "../serve-build.ts";

/**
 * `--no-build` skips the build (the build already in `folders.build` is served); `prepare` writes more data
 * into the local D1 after the seed, before the server holds it (two processes on one D1 answer SQLITE_BUSY).
 */
export async function serveSite(
  folders: Folders,
  { build = true, prepare }: { build?: boolean; prepare?: (state: string) => Promise<void> } = {},
): Promise<ServedBuild> {
  if (build) {
    console.log(`▶ build (${folders.build})`);
    const result = buildSite(folders.build);
    if (result.status !== 0) throw new Error(`build failed\n${result.output}`);
  }
  console.log(`▶ seed local D1 ${folders.state} (when empty)`);
  await seedLocalD1({ state: folders.state, ifEmpty: true, freshCounters: true, log: () => {} });
  await prepare?.(folders.state);
  const server = await serveBuild(folders);
  console.log(`▶ serving ${server.url}`);
  return server;
}
