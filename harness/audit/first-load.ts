/**
 * First-load weight of a page from its server HTML: every script the document loads before any
 * interaction (`<script type="module" src>`, `modulepreload` links, URLs imported by inline module
 * scripts — also the router's, held as a data block until the first paint with its preloads in
 * `data-modulepreload` (decision 015) — and the static imports of those chunks, followed in the built
 * files), and its stylesheets. The module the after-paint starter loads after the `load` event (its
 * `data-after-load`: the service worker's page side, decision 043) is not first-load: it is listed and
 * weighed apart, in `afterLoad`.
 * Sizes are raw, gzip (zlib default level) and brotli (default quality 11) of the files in build/client.
 */
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  scripts: string[];
  styles: string[];
  /** Each script's own weight, heaviest first. */
  files: Record<string, Weight>;
  js: Weight;
  css: Weight;
  /** Loaded after the `load` event (with its static imports), not in `scripts` nor `js`. */
  afterLoad: { scripts: string[]; js: Weight };
}

const sizes = new Map<string, Weight>();
function weigh(file: string): Weight {
  let weight = sizes.get(file);
  if (!weight) {
    const bytes = readFileSync(file);
    weight = { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliCompressSync(bytes).length };
    sizes.set(file, weight);
  }
  return weight;
}

function sum(weights: Weight[]): Weight {
  return weights.reduce((a, w) => ({ raw: a.raw + w.raw, gzip: a.gzip + w.gzip, brotli: a.brotli + w.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1];
}

/** Script and stylesheet URLs (same-origin paths) named by the HTML itself. */
export function documentAssets(html: string): { scripts: string[]; styles: string[]; afterLoad: string[] } {
  const scripts = new Set<string>();
  const afterLoad = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase();
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") scripts.add(href);
    if (rel === "stylesheet") styles.add(href);
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(`<script ${attrs}>`, "src");
    const preloads = attribute(`<script ${attrs}>`, "data-modulepreload")?.split(/\s+/) ?? [];
    for (const href of preloads) if (href) scripts.add(href);
    // The starter names the module it loads after `load` in an attribute, never in its code (which
    // the line below reads): counted apart, on purpose.
    const later = attribute(`<script ${attrs}>`, "data-after-load");
    if (later) afterLoad.add(later);
    if (src) scripts.add(src);
    else for (const [, url] of body!.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']/g)) scripts.add(url!);
  }
  const local = (url: string) => url.startsWith("/") && !url.startsWith("//");
  // The file is what is fetched: React Router marks some stylesheet URLs with a bare `#`.
  const file = (url: string) => url.replace(/[?#].*$/, "");
  return {
    scripts: [...scripts].filter(local).map(file),
    styles: [...new Set([...styles].filter(local).map(file))],
    afterLoad: [...afterLoad].filter(local).map(file),
  };
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk; dynamic import() is lazy. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!);
}

/** The scripts and every chunk they import statically, followed in the built files. */
function withStaticImports(scripts: string[], clientDir: string, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const queue = [...scripts];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    found.push(url);
    const code = readFileSync(join(clientDir, url), "utf8");
    for (const spec of staticImports(code)) {
      if (spec.startsWith(".")) queue.push(posix.join(dirname(url), spec));
      else if (spec.startsWith("/")) queue.push(spec);
    }
  }
  return found;
}

export function firstLoad(html: string, clientDir = "build/client"): FirstLoad {
  const { scripts, styles, afterLoad } = documentAssets(html);
  const seen = new Set<string>();
  const all = withStaticImports(scripts, clientDir, seen);
  // Chunks the first load already brought are not loaded again.
  const later = withStaticImports(afterLoad, clientDir, seen);
  const files = Object.fromEntries(
    all.map((url) => [url, weigh(join(clientDir, url))] as const).sort((a, b) => b[1].gzip - a[1].gzip),
  );
  return {
    scripts: all,
    styles,
    files,
    js: sum(all.map((url) => weigh(join(clientDir, url)))),
    css: sum(styles.map((url) => weigh(join(clientDir, url)))),
    afterLoad: { scripts: later, js: sum(later.map((url) => weigh(join(clientDir, url)))) },
  };
}

export function weighFiles(files: string[]): Weight {
  return sum(files.map(weigh));
}
