/**
 * Which words of a comment or a Markdown file name a repository path, and whether it exists (decision 074).
 * - A word that starts with a top-level file or folder of the repository and a `/` (`worker/db/listings.ts`,
 *   `client/`), or with an import alias of package.json (`#shared/paths.ts`), in backticks or not.
 *   Without an extension it may name a module (`shared/api/limits` → `shared/api/limits.ts`).
 * - A word with a `/` and a source file's extension (`db/listings.ts`): some folder holds it.
 * - A word that starts with `../` points outside the repository (the prose of this repository writes paths
 *   from its root).
 * `*`, `**`, `…`, `<name>`, `{id}`, `{a,b}` and `NNNN` are wildcards: `worker/db/migrations/NNNN_*.sql`
 * must match a file. URLs, absolute paths and `./` (a command's working directory as often as a file's
 * folder) are not repository paths; Markdown links are checked apart, relative to their file.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

/** Paths that are made rather than committed: references to them are not checked. */
const NOT_CHECKED: readonly { path: string; reason: string }[] = [
  { path: "build/", reason: "the production build, written by `npm run build`" },
  { path: ".builds/", reason: "the other commands' builds (harness/folders.ts)" },
  { path: ".wrangler/", reason: "wrangler's local state: the local D1 databases, R2 and Durable Objects" },
  { path: ".react-router/", reason: "route types written by `react-router typegen`" },
  { path: "reports/", reason: "what the benches and audits write" },
  { path: "node_modules/", reason: "installed packages" },
  { path: "test-results/", reason: "what a failed browser test leaves" },
];

/** Source files' extensions: a word ending in one is a file even when not written from the root. */
const SOURCE_EXTENSION = /\.(?:ts|tsx|js|mjs|cjs|css|sql|md)$/;
/** What a module specifier may leave out. */
const MODULE_EXTENSIONS = [".ts", ".tsx", ".js"];

export interface Repository {
  /** Every file, relative to the root, with `/` separators. */
  files: ReadonlySet<string>;
  /** Every folder holding a file, with a trailing `/`. */
  folders: ReadonlySet<string>;
  /** What a path from the root starts with: the first segment of every file, and the folders of NOT_CHECKED. */
  topLevel: ReadonlySet<string>;
  /** package.json "imports" as prefixes: `#shared/` → `shared/`. */
  aliases: ReadonlyMap<string, string>;
  /** package.json's dependencies: `world-atlas/countries-10m.json` is a package's file, not the repository's. */
  packages: ReadonlySet<string>;
}

export interface PackageJson {
  imports?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

export function repository(files: Iterable<string>, packageJson: PackageJson = {}): Repository {
  const fileSet = new Set(files);
  const folders = new Set<string>();
  const topLevel = new Set<string>();
  for (const file of fileSet) {
    const parts = file.split("/");
    topLevel.add(parts[0]!);
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/") + "/");
  }
  for (const { path } of NOT_CHECKED) if (!path.startsWith("../")) topLevel.add(path.split("/")[0]!);
  const aliases = new Map<string, string>();
  for (const [from, to] of Object.entries(packageJson.imports ?? {}))
    if (from.endsWith("/*") && to.endsWith("/*")) aliases.set(from.slice(0, -1), posix.normalize(to.slice(0, -1)));
  const packages = new Set([
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.devDependencies ?? {}),
  ]);
  return { files: fileSet, folders, topLevel, aliases, packages };
}

/**
 * The repository at `root` as git sees it: the tracked files and the new ones git would track (not the
 * ignored ones, which a fresh clone lacks), less those deleted in the working tree.
 */
export function loadRepository(root: string): Repository {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  const files = [...new Set(listed.split("\0"))].filter((file) => file !== "" && existsSync(join(root, file)));
  return repository(files, JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson);
}

export interface PathProblem {
  /** Offset of the word in the text it was found in. */
  index: number;
  /** Length of the word as written. */
  length: number;
  /** What is wrong, naming the path. */
  problem: string;
}

/** Punctuation around a word that is not part of the path, and a line number or anchor after it. */
const LEADING = /^[{'«“‘]+/;
const TRAILING = /(?:[}'».,;:!?“”’]|['’]s|:\d+(?::\d+)?|#[\w-]*)+$/;

/** A word of prose reduced to the path it may name. */
function cleanWord(word: string): string {
  let path = word.replace(LEADING, "");
  for (let previous = ""; previous !== path;) {
    previous = path;
    path = path.replace(TRAILING, "");
  }
  return path;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The regular expression (unanchored source) of a path with wildcards, or undefined when it has none. */
function globSource(path: string): string | undefined {
  if (!/[*…<{]|N{2,}/.test(path)) return undefined;
  let source = "";
  for (const token of path.match(/\*\*|\*|…|<[^>]*>|\{[^}]*\}|N{2,}|[^*…<{N]+|N/g) ?? []) {
    if (token === "**" || token === "…") source += ".*";
    else if (token === "*" || token.startsWith("<")) source += "[^/]*";
    else if (token.startsWith("{"))
      source += token.includes(",") ? `(?:${token.slice(1, -1).split(",").map(escape).join("|")})` : "[^/]*";
    else if (/^N{2,}$/.test(token)) source += "\\d+";
    else source += escape(token);
  }
  return source;
}

/**
 * Whether the repository holds this path: a file, a folder (with or without its `/`), a module named
 * without its extension, or, with wildcards, at least one match. With `anyFolder`, the path may start
 * in any folder (`db/listings.ts` is `worker/db/listings.ts`).
 */
export function exists(path: string, repo: Repository, anyFolder = false): boolean {
  const glob = globSource(path);
  if (!glob && !anyFolder) {
    if (path.endsWith("/")) return repo.folders.has(path);
    return (
      repo.files.has(path) ||
      repo.folders.has(path + "/") ||
      MODULE_EXTENSIONS.some((ext) => repo.files.has(path + ext))
    );
  }
  const pattern = new RegExp(`${anyFolder ? "(?:^|/)" : "^"}${glob ?? escape(path)}/?$`);
  for (const file of repo.files) if (pattern.test(file)) return true;
  for (const folder of repo.folders) if (pattern.test(folder)) return true;
  return false;
}

const notChecked = (path: string) => NOT_CHECKED.some((entry) => path.startsWith(entry.path));

/**
 * The paths a text names that do not exist, each with the offset of its word. `text` is a comment or a
 * Markdown file.
 */
export function missingPaths(text: string, repo: Repository): PathProblem[] {
  const problems: PathProblem[] = [];
  for (const match of text.matchAll(/[^\s`()[\]"|]+/g)) {
    if (!match[0].includes("/")) continue;
    const problem = wordProblem(cleanWord(match[0]), repo);
    if (problem) problems.push({ index: match.index, length: match[0].length, problem });
  }
  return problems;
}

function wordProblem(path: string, repo: Repository): string | undefined {
  if (!path.includes("/") || /^[a-z][a-z0-9+.-]*:/i.test(path) || notChecked(path)) return undefined;
  if (path.startsWith("../")) {
    return /[^./]/.test(path) ? `${path} points outside the repository` : undefined;
  }
  for (const [alias, folder] of repo.aliases)
    if (path.startsWith(alias)) return exists(folder + path.slice(alias.length), repo) ? undefined : missing(path);
  if (repo.topLevel.has(path.split("/")[0]!)) return exists(path, repo) ? undefined : missing(path);
  if (path.startsWith("./") || path.startsWith("/") || !SOURCE_EXTENSION.test(path)) return undefined;
  if (globSource(path)) return undefined;
  const [first, second] = path.split("/");
  if (repo.packages.has(first!) || repo.packages.has(`${first}/${second}`)) return undefined;
  return exists(path, repo, true) ? undefined : `${path} is in no folder of the repository`;
}

const missing = (path: string) => `${path} does not exist`;

/**
 * Markdown links to files that do not exist, relative to the Markdown file `from` (`[index](decisions/README.md)`).
 * Links to other sites, mail addresses and anchors of the same page are not files.
 */
export function missingLinkTargets(markdown: string, from: string, repo: Repository): PathProblem[] {
  const problems: PathProblem[] = [];
  for (const match of markdown.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    const target = decoded(match[1]!.replace(/#.*$/, ""));
    if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const path = posix.join(posix.dirname(from), target);
    if (path.startsWith("../")) {
      if (!notChecked(path))
        problems.push({
          index: match.index,
          length: match[0].length,
          problem: `${target} points outside the repository`,
        });
    } else if (!notChecked(path) && !exists(path, repo))
      problems.push({ index: match.index, length: match[0].length, problem: `${target} does not exist` });
  }
  return problems;
}

/** A link's target with its %-escapes read (`My%20Notes.md`), or as written when they are not valid. */
function decoded(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}
