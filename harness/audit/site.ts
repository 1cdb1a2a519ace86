/** Build, seed (when empty) and serve the production worker for the audits. */
import { spawnSync } from "node:child_process";
import { type ServedBuild, serveBuild } from "../serve-build.ts";
import { wranglerEnv } from "../wrangler.ts";

export function run(cmd: string, args: string[], title: string) {
  console.log(`▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: wranglerEnv, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${title} failed (${cmd} ${args.join(" ")})\n${result.stdout}\n${result.stderr}`);
}

/** `--no-build` skips the build (the current build/ is served). */
export async function serveSite({ build = true } = {}): Promise<ServedBuild> {
  if (build) run("npx", ["react-router", "build"], "build");
  run("node", ["scripts/seed.ts", "--if-empty"], "seed local D1 (when empty)");
  const server = await serveBuild();
  console.log(`▶ serving ${server.url}`);
  return server;
}
