/**
 * The W3C Nu HTML checker (vnu-jar). The JVM takes seconds to start, so either every document of a call is
 * written to a temporary folder and checked in ONE java run, or, where a run checks documents again and
 * again (the browser tests), the documents go to a checker started once for the run (`startVnuService`,
 * the jar's own web service), warm after its first document.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../serve-build.ts";

export interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  lastColumn?: number;
}

export interface VnuResult {
  errors: VnuMessage[];
  warnings: VnuMessage[];
}

function vnuJar(): string {
  return createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
}

/** A checker's messages, errors apart from warnings. */
function sorted(messages: VnuMessage[], result: VnuResult = { errors: [], warnings: [] }): VnuResult {
  for (const message of messages) {
    if (message.type === "info") result.warnings.push(message);
    else result.errors.push(message);
  }
  return result;
}

/**
 * Validates each named HTML document; the result is keyed by the same names. With `service` (a running
 * checker's address, `startVnuService`) the documents go to it; otherwise one java run checks them all.
 */
export async function validateHtml(
  documents: Record<string, string>,
  service?: string,
): Promise<Record<string, VnuResult>> {
  if (service) {
    const checked = Object.entries(documents).map(async ([name, html]) => {
      const res = await fetch(`${service}/?out=json`, {
        method: "POST",
        headers: { "content-type": "text/html; charset=utf-8" },
        body: html,
      });
      if (!res.ok) throw new Error(`vnu service answered ${res.status}: ${await res.text()}`);
      const report = (await res.json()) as { messages: VnuMessage[] };
      return [name, sorted(report.messages)] as const;
    });
    return Object.fromEntries(await Promise.all(checked));
  }
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  try {
    Object.entries(documents).forEach(([name, html], index) => {
      const file = join(dir, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, html);
      files.set(pathToFileURL(file).href, name);
    });
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        "java",
        ["-jar", vnuJar(), "--format", "json", "--stdout", ...[...files.keys()].map((u) => new URL(u).pathname)],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (err += chunk));
      child.on("error", reject);
      // vnu exits 1 when a document has errors: the JSON is the answer either way.
      child.on("close", (code) =>
        out.trim().startsWith("{") ? resolve(out) : reject(new Error(`vnu exited ${code}\n${err}${out}`)),
      );
    });
    const report = JSON.parse(output) as { messages: (VnuMessage & { url?: string })[] };
    const results: Record<string, VnuResult> = Object.fromEntries(
      Object.keys(documents).map((n) => [n, { errors: [], warnings: [] }]),
    );
    for (const { url, ...message } of report.messages) {
      const name = url ? (files.get(url) ?? files.get(pathToFileURL(new URL(url).pathname).href)) : undefined;
      if (!name) throw new Error(`vnu: ${message.message}`);
      sorted([message], results[name]);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long the checker's web service may take to start on a busy machine. */
const SERVICE_START_MS = 60_000;

/**
 * Starts the checker's web service on a free loopback port, for the documents of a whole run; `stop` ends
 * it. Answers once the service does.
 */
export async function startVnuService(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "java",
    ["-Dnu.validator.servlet.bind-address=127.0.0.1", "-cp", vnuJar(), "nu.validator.servlet.Main", String(port)],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
  };
  const deadline = Date.now() + SERVICE_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vnu service exited ${child.exitCode}\n${output}`);
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vnu service did not answer within ${SERVICE_START_MS} ms\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function describeVnu(messages: VnuMessage[]): string[] {
  return messages.map(
    (m) =>
      `line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").trim().slice(0, 120)}` : ""}`,
  );
}
