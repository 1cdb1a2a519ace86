/** Runs the project's wrangler with telemetry off; resolves with its output, rejects on failure. */
import { spawn } from "node:child_process";

export const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_D1_WARNING: "true" };

/** A local D1 that a running `wrangler dev` holds a moment longer: SQLite's busy answer, worth another try. */
const BUSY = /SQLITE_BUSY|database is locked/;
const BUSY_TRIES = 5;

/**
 * Runs wrangler; a local `d1` command refused because the database is busy (a served site writing it at
 * that moment) is tried again a little later: a refused statement or batch wrote nothing.
 */
export async function wrangler(args: string[], { quiet = false } = {}): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await wranglerOnce(args, quiet);
    } catch (error) {
      const local = args[0] === "d1" && args.includes("--local");
      if (!local || attempt >= BUSY_TRIES || !BUSY.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

function wranglerOnce(args: string[], quiet: boolean): Promise<string> {
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
