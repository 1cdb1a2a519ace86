import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { CHANGE, CHANGED_ROUTE, changed, sourceFiles, sourceHash } from "./second-build.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

it("lists the working tree's files, the changed route among them, and no symlinked node_modules", () => {
  const files = sourceFiles();
  expect(files).toContain(CHANGED_ROUTE.file);
  expect(files).toContain("package.json");
  expect(files.some((path) => path.startsWith("node_modules"))).toBe(false);
  expect(files.some((path) => path.startsWith(".builds/"))).toBe(false);
});

it("fails with a clear message where there is no git checkout", () => {
  dir = mkdtempSync(join(tmpdir(), "second-build-"));
  expect(() => sourceFiles(dir)).toThrow(/not a git checkout.*git ls-files/);
});

it("keys the build on the files' contents: same source, same key; any change, another", () => {
  dir = mkdtempSync(join(tmpdir(), "second-build-"));
  writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
  const key = sourceHash(["a.ts"], dir);
  expect(sourceHash(["a.ts"], dir)).toBe(key);
  writeFileSync(join(dir, "a.ts"), "export const a = 2;\n");
  expect(sourceHash(["a.ts"], dir)).not.toBe(key);
});

it("changes the route module by a statement before it, and refuses a module with no page", () => {
  const text = "export default function About() {}\n";
  expect(changed(text)).toBe(`${CHANGE}${text}`);
  expect(() => changed("export const x = 1;\n")).toThrow(/no default export/);
});
