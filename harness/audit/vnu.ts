/**
 * The W3C Nu HTML checker (vnu-jar) over many documents in ONE java run: the JVM takes seconds to
 * start, so every document is written to a temporary folder and checked together.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

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

/** Validates each named HTML document; the result is keyed by the same names. */
export async function validateHtml(documents: Record<string, string>): Promise<Record<string, VnuResult>> {
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
      if (message.type === "info") results[name]!.warnings.push(message);
      else results[name]!.errors.push(message);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeVnu(messages: VnuMessage[]): string[] {
  return messages.map(
    (m) =>
      `line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").trim().slice(0, 120)}` : ""}`,
  );
}
