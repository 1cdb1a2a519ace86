/**
 * `npm start`: builds the production worker, migrates and (if empty) seeds the local D1, then serves
 * the build on workerd at http://localhost:8787 until stopped. Local serving runs with
 * ENVIRONMENT=development so the dev outbox stands in for SMS and e-mail.
 */
import { spawnSync } from "node:child_process";
import { serveBuild } from "#harness/serve-build.ts";
import { wranglerEnv } from "#harness/wrangler.ts";

const run = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: wranglerEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("npx", ["react-router", "build"]);
run("node", ["scripts/seed.ts", "--if-empty"]);

const port = Number(process.env.PORT ?? 8787);
const server = await serveBuild({ port, inherit: true });
console.log(`\nKvadrat is served at http://localhost:${port}\n`);
server.process.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void server.stop().then(() => process.exit(0)));
