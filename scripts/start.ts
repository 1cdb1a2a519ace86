/**
 * `npm start`: builds the production worker, migrates and (if empty) seeds the local D1, then serves
 * the build on workerd at http://localhost:8787. Local serving runs with ENVIRONMENT=development so
 * the dev outbox stands in for SMS and e-mail.
 */
import { spawn, spawnSync } from "node:child_process";
import { wranglerEnv } from "./wrangler.ts";

const run = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: wranglerEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("npx", ["react-router", "build"]);
run("node", ["scripts/seed.ts", "--if-empty"]);

const port = process.env.PORT ?? "8787";
const server = spawn(
  "npx",
  ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", "--var", "ENVIRONMENT:development", "--show-interactive-dev-session=false"],
  { stdio: "inherit", env: wranglerEnv },
);
server.on("close", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
