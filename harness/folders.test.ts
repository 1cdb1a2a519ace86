import { readFileSync } from "node:fs";
import { isAbsolute, normalize, relative } from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { benchDbState, DEFAULT_FOLDERS, FOLDERS, testState } from "./folders.ts";

const commands = Object.entries(FOLDERS).filter(([, folders]) => folders !== DEFAULT_FOLDERS);
const inside = (folder: string, parent: string) => {
  const path = relative(parent, folder);
  return !path.startsWith("..") && !isAbsolute(path);
};

it("gives every command but npm start a build folder and a D1 folder of its own", () => {
  const builds = Object.values(FOLDERS).map((f) => normalize(f.build));
  const states = Object.values(FOLDERS).map((f) => normalize(f.state));
  expect(commands.map(([name]) => name)).toEqual([
    "test",
    "test-b",
    "audit",
    "lighthouse",
    "bench",
    "abuse",
    "bench-db",
    "bench-photos",
    "bench-feed",
    "payments-race",
  ]);
  expect(new Set(builds).size - 1).toBe(commands.length);
  expect(new Set(states).size - 1).toBe(commands.length);
  // A build empties its folder first: nothing else may live inside one.
  for (const build of builds) {
    for (const other of [...builds.filter((b) => b !== build), ...states])
      expect(inside(other, build), other).toBe(false);
  }
  for (const state of states) {
    for (const other of states.filter((s) => s !== state)) expect(inside(other, state), other).toBe(false);
  }
  expect(inside(benchDbState(10_000), FOLDERS["bench-db"].state)).toBe(true);
  expect(benchDbState(10_000)).not.toBe(benchDbState(100_000));
  expect(inside(testState("e2e"), FOLDERS.test.state)).toBe(true);
  expect(testState("e2e")).not.toBe(testState("audit"));
});

it("keeps every folder out of git", () => {
  const ignored = readFileSync(new URL("../.gitignore", import.meta.url), "utf8").split("\n");
  for (const folder of Object.values(FOLDERS).flatMap((f) => [f.build, f.state])) {
    expect(ignored, folder).toContain(`${folder.split("/")[0]}/`);
  }
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

it("builds where BUILD_DIRECTORY says (harness/build.ts), else into build/", async () => {
  vi.stubEnv("BUILD_DIRECTORY", "");
  expect((await import("../react-router.config.ts")).default.buildDirectory).toBe(DEFAULT_FOLDERS.build);
  vi.resetModules();
  vi.stubEnv("BUILD_DIRECTORY", FOLDERS.test.build);
  expect((await import("../react-router.config.ts")).default.buildDirectory).toBe(FOLDERS.test.build);
});
