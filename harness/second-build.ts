/**
 * A second build of the same source for the update and version-skew tests (decision 043): build B is the
 * working tree with one client-side change in one lazily loaded route module, so its build id and that
 * route's chunk differ from build A's (FOLDERS.test) while every other chunk stays the same. Both are
 * served one after the other on one port, so they share one origin and so one service worker.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { buildSite } from "./build.ts";
import { FOLDERS, type Folders, wranglerConfig } from "./folders.ts";
import { freePort, type ServedBuild, serveBuild } from "./serve-build.ts";

/** The route build B changes: a page every page links to (the footer), whose chunk no other page loads. */
export const CHANGED_ROUTE = { file: "client/routes/about.tsx", id: "routes/about", path: "/about/" } as const;

/**
 * The change: a top-level statement, kept by the bundler (a side effect), harmless on the server and in
 * the browser. Part of the cache key, so editing it rebuilds.
 */
export const CHANGE = `(globalThis as { __secondBuild?: boolean }).__secondBuild = true;\n`;

/** Where B's source is copied: beside its build folder, never inside it (a build empties its folder). */
const SECOND_BUILD_SOURCE = ".builds/test-b-source";
/** The key of the source a build in FOLDERS["test-b"] was made from. */
const SOURCE_HASH_FILE = "source-hash";

/**
 * The files of the working tree: tracked and untracked-but-not-ignored ones (as build A sees them), not
 * symlinks (a worktree's node_modules). Needs git: a fresh clone has it; an exported tree does not.
 */
export function sourceFiles(root = "."): string[] {
  if (!existsSync(join(root, ".git"))) {
    throw new Error(
      `harness/second-build.ts: ${resolve(root)} is not a git checkout (no .git); build B copies the files ` +
        "'git ls-files' names — run the update tests in a clone of the repository",
    );
  }
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split("\0").filter(Boolean))]
    .filter((path) => {
      const full = join(root, path);
      // A tracked file deleted in the working tree is not part of it.
      return existsSync(full) && !lstatSync(full).isSymbolicLink() && lstatSync(full).isFile();
    })
    .sort();
}

/** A content hash of the files and of the change: equal hashes, equal builds. */
export function sourceHash(files: string[], root = "."): string {
  const hash = createHash("sha256").update(CHANGE).update(CHANGED_ROUTE.file);
  for (const path of files)
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(root, path)))
      .update("\0");
  return hash.digest("hex");
}

/** Applies the change to a route module's text; the module must exist (a renamed route fails loudly). */
export function changed(text: string): string {
  if (!text.includes("export default")) {
    throw new Error(`harness/second-build.ts: ${CHANGED_ROUTE.file} has no default export to change`);
  }
  return `${CHANGE}${text}`;
}

/**
 * Builds B into FOLDERS["test-b"].build unless the build there was made from the same source. Returns
 * whether it built and how long it took.
 */
export function buildSecond(
  root = ".",
  log: (line: string) => void = () => {},
): { built: boolean; ms: number; folders: Folders } {
  const folders = FOLDERS["test-b"];
  const started = performance.now();
  const files = sourceFiles(root);
  if (!files.includes(CHANGED_ROUTE.file)) throw new Error(`harness/second-build.ts: no ${CHANGED_ROUTE.file}`);
  const hash = sourceHash(files, root);
  const hashFile = join(root, folders.build, SOURCE_HASH_FILE);
  if (
    existsSync(join(root, wranglerConfig(folders.build))) &&
    existsSync(hashFile) &&
    readFileSync(hashFile, "utf8") === hash
  ) {
    log(`build B (${folders.build}) is up to date`);
    return { built: false, ms: performance.now() - started, folders };
  }

  const source = join(root, SECOND_BUILD_SOURCE);
  rmSync(source, { recursive: true, force: true });
  for (const path of files) {
    mkdirSync(dirname(join(source, path)), { recursive: true });
    copyFileSync(join(root, path), join(source, path));
  }
  const route = join(source, CHANGED_ROUTE.file);
  writeFileSync(route, changed(readFileSync(route, "utf8")));
  symlinkSync(realpathSync(join(root, "node_modules")), join(source, "node_modules"), "dir");

  // Vite empties only an output folder inside its root: this one is outside the copy.
  rmSync(join(root, folders.build), { recursive: true, force: true });
  log(`build B (${folders.build}) from ${SECOND_BUILD_SOURCE}`);
  // The copy keeps its own .wrangler redirect; wrangler.json names the copy's wrangler.toml, so it stays.
  const result = buildSite(resolve(root, folders.build), { cwd: source });
  if (result.status !== 0) throw new Error(`build B failed\n${result.output}`);
  writeFileSync(hashFile, hash);
  return { built: true, ms: performance.now() - started, folders };
}

/** Resolves once nothing listens on the loopback port (a stopped workerd may linger a moment). */
async function portFree(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((done) => {
      const server = createServer();
      server.once("error", () => done(false));
      server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
    });
    if (free) return;
    if (Date.now() > deadline) throw new Error(`port ${port} still in use after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One origin serving one build at a time: `serve(folders)` stops the build served and serves the other
 * on the same port with the same D1 (`state`), as a deploy replaces a worker.
 */
export async function oneOrigin(state: string) {
  const port = await freePort();
  let server: ServedBuild | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    async serve(build: string): Promise<void> {
      await server?.stop();
      server = undefined;
      await portFree(port);
      server = await serveBuild({ build, state }, { port });
    },
    async stop(): Promise<void> {
      await server?.stop();
      server = undefined;
    },
  };
}
