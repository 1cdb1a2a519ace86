/** `react-router build` into a given folder (react-router.config.ts reads BUILD_DIRECTORY). */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { DEFAULT_FOLDERS, wranglerConfig } from "./folders.ts";
import { wranglerEnv } from "./wrangler.ts";

/** Written by the Cloudflare Vite plugin on every build: plain `wrangler dev`/`deploy` serve the build it names. */
const DEPLOY_REDIRECT = ".wrangler/deploy/config.json";

/**
 * `cwd`: another copy of the source (harness/second-build.ts), built into `folder` (then an absolute path);
 * `cloudflareEnv`: the wrangler environment (`[env.NAME]`) the build's configuration is flattened for.
 */
export function buildSite(
  folder: string,
  { inherit = false, cwd, cloudflareEnv }: { inherit?: boolean; cwd?: string; cloudflareEnv?: string } = {},
): { status: number; output: string } {
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd,
    // Not the caller's NODE_ENV (spawn leaves an undefined one out): vitest sets `test`, and Vite would
    // bundle React's development build.
    env: {
      ...wranglerEnv,
      BUILD_DIRECTORY: folder,
      NODE_ENV: undefined,
      ...(cloudflareEnv ? { CLOUDFLARE_ENV: cloudflareEnv } : {}),
    },
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (folder !== DEFAULT_FOLDERS.build) pointWranglerAtDefaultBuild();
  return { status: result.status ?? 1, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

/**
 * A harness build must not retarget a plain `wrangler deploy` (or `wrangler dev`) at itself: the
 * redirect goes back to build/, or away when there is none, as on a fresh clone.
 */
function pointWranglerAtDefaultBuild() {
  const target = wranglerConfig(DEFAULT_FOLDERS.build);
  if (!existsSync(target)) {
    rmSync(DEPLOY_REDIRECT, { force: true });
    return;
  }
  mkdirSync(dirname(DEPLOY_REDIRECT), { recursive: true });
  const next = `${DEPLOY_REDIRECT}.${process.pid}`;
  writeFileSync(next, JSON.stringify({ configPath: relative(dirname(DEPLOY_REDIRECT), target), auxiliaryWorkers: [] }));
  renameSync(next, DEPLOY_REDIRECT);
}
