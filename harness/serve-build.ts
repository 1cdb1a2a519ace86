/**
 * Serves the built worker with wrangler on loopback, for `npm start`, the e2e suite and the page
 * audits. Resolves once the worker answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { type Folders, wranglerConfig } from "./folders.ts";
import { wranglerEnv } from "./wrangler.ts";

export interface ServedBuild {
  url: string;
  /** The worker's DevTools inspector (http://127.0.0.1:PORT; `/json` lists the isolate). */
  inspector: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** A free loopback port, asked of the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Serves the build in `folders.build` on the D1 in `folders.state`. */
export async function serveBuild(
  folders: Folders,
  {
    port,
    vars = {},
    inherit = false,
    timeoutMs = 60_000,
  }: {
    port?: number;
    vars?: Record<string, string>;
    inherit?: boolean;
    timeoutMs?: number;
  } = {},
): Promise<ServedBuild> {
  const listen = port ?? (await freePort());
  const inspector = await freePort();
  const varArgs = Object.entries({ ENVIRONMENT: "development", ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      // Named, not found through .wrangler/deploy/config.json, which names whichever build ran last.
      "--config",
      wranglerConfig(folders.build),
      "--persist-to",
      folders.state,
      "--port",
      String(listen),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(inspector),
      "--show-interactive-dev-session=false",
      // The Cron Trigger handler on demand: `curl "<url>/cdn-cgi/handler/scheduled?cron=17+*+*+*+*"`.
      "--test-scheduled",
      ...varArgs,
    ],
    { env: wranglerEnv, stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"], detached: !inherit },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const url = `http://127.0.0.1:${listen}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      // Exited already (by a signal too): its process group id may belong to another process by now.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      try {
        if (inherit) child.kill("SIGTERM");
        else process.kill(-child.pid!, "SIGTERM");
      } catch {
        resolve();
      }
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited ${child.exitCode}\n${output}`);
    try {
      const res = await fetch(`${url}/api/cities`);
      if (res.ok) return { url, inspector: `http://127.0.0.1:${inspector}`, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms\n${output}`);
}
