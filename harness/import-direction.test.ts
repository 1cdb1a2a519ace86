import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** What each folder may not import (decision 020): commands and tests both build on the harness. */
const FORBIDDEN: Record<string, string[]> = { harness: ["scripts", "tests"], scripts: ["tests"], tests: ["scripts"] };

/** The top-level folder each import of a file lands in (`#x/…` is `x/…`, package.json "imports"). */
function importedFolders(file: string): string[] {
  const code = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    if (spec.startsWith("#")) return [spec.slice(1).split("/")[0]!];
    if (spec.startsWith(".")) return [relative(ROOT, join(ROOT, dirname(file), spec)).split("/")[0]!];
    return [];
  });
}

it.each(Object.keys(FORBIDDEN))("%s/ imports neither of %j", (folder) => {
  const files = readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  const offending = files.flatMap((f) =>
    importedFolders(join(folder, f))
      .filter((target) => FORBIDDEN[folder]!.includes(target))
      .map((target) => `${folder}/${f} → ${target}/`),
  );
  expect(offending).toEqual([]);
});
