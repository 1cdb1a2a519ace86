/** Runs the project's wrangler with telemetry off; resolves with its output, rejects on failure. */
import { spawn } from "node:child_process";

export const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_D1_WARNING: "true" };

export function wrangler(args: string[], { quiet = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["wrangler", ...args], { env: wranglerEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!quiet) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      if (!quiet) process.stderr.write(chunk);
    });
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.join(" ")} exited ${code}\n${output}`)),
    );
  });
}
