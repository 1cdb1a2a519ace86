/**
 * A Vite plugin: runs in Node at build time (vite.config.ts registers it), never in the browser. It builds
 * the service worker's two bundles (decision 043) apart from the React app, so neither is ever part of a page's first load:
 * - `client/pwa/register.ts` (the page's side: registration, notices; imports no React) →
 *   `assets/pwa-[hash].js`, an ES module emitted into the client build. The worker learns its URL from
 *   `virtual:pwa-register` and pages load it after the `load` event (worker/middleware/scripts-after-paint.ts);
 *   its strings come from `virtual:pwa-messages` (every `pwa.*` key of locales/*.json, per language).
 * - `client/pwa/sw.ts` → `sw.js`, one classic script, with Workbox's precache manifest written in
 *   (workbox-build's injectManifest): every hashed script and stylesheet of the build but those only
 *   signed-in pages load (URL only: the name
 *   is the revision) and the offline page in en/ru/sr, revision = the build id (decision 042).
 *
 * Hook order (React Router's `buildApp`): the client environment is built (our `generateBundle` adds the
 * register bundle), then the worker (`ssr`), which imports `virtual:pwa-register` and, loading React
 * Router's server manifest, writes `assets/manifest-{buildId}.js` into the client folder. Only then is the
 * client folder complete, so `sw.js` is made in a `buildApp` hook ordered "post" (after React Router's).
 * Same source, same output: hashed names, a sorted list, no clock.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type InlineConfig, type Plugin, type Rollup } from "vite";
import { LOCALES } from "#shared/locales.ts";
import { isPrivatePage } from "#shared/page-query.ts";
import { OFFLINE_PAGES } from "#client/pwa/cache-rules.ts";

const REGISTER = "virtual:pwa-register";
const MESSAGES = "virtual:pwa-messages";
const REGISTER_ENTRY = "client/pwa/register.ts";
const SW_ENTRY = "client/pwa/sw.ts";
/** The prefix of the strings the register bundle shows. */
const MESSAGE_PREFIX = "pwa.";
/** Precached: the build's hashed scripts and stylesheets (images and fonts are fetched when needed). */
const PRECACHE_GLOB = "assets/**/*.{js,css}";

/** `{ en: {...}, ru: {...}, sr: {...} }`: every `pwa.*` message, keys sorted (the files are). */
function pwaMessages(root: string): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map(({ code }) => {
      const all = JSON.parse(readFileSync(join(root, "locales", `${code}.json`), "utf8")) as Record<string, string>;
      return [code, Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(MESSAGE_PREFIX)))];
    }),
  );
}

/** Resolves `virtual:pwa-messages` inside the register bundle's own build. */
function messagesModule(root: string): Plugin {
  return {
    name: "pwa-messages",
    resolveId: (id) => (id === MESSAGES ? `\0${MESSAGES}` : null),
    load: (id) => (id === `\0${MESSAGES}` ? `export default ${JSON.stringify(pwaMessages(root))};` : null),
  };
}

/** A browser bundle of one entry, built in memory, apart from the app's config and plugins. */
async function bundle(
  root: string,
  entry: string,
  output: Rollup.OutputOptions,
): Promise<Rollup.OutputBundle[string][]> {
  const config: InlineConfig = {
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: [messagesModule(root)],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { input: join(root, entry), output },
    },
  };
  const result = await build(config);
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((out) => ("output" in out ? out.output : []));
}

/** The build id (decision 042): React Router writes its browser manifest as `assets/manifest-{id}.js`. */
function buildIdOf(clientDir: string): string {
  const ids = readdirSync(join(clientDir, "assets")).flatMap((name) => /^manifest-([\w-]+)\.js$/.exec(name)?.[1] ?? []);
  if (ids.length !== 1) throw new Error(`pwa: expected one assets/manifest-*.js in ${clientDir}, found ${ids.length}`);
  return ids[0]!;
}

interface ManifestRoute {
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}

/**
 * Files only signed-in visitors' pages load (`/cabinet/`, `/listing/`, `/admin/`; `isPrivatePage`), read
 * from React Router's browser manifest: route modules, their imports and stylesheets that no public route
 * and not the entry share. They are not precached — such pages are never kept for offline reading, so
 * their files would only lengthen every visitor's install (about 40 % of the build); a signed-in visitor's
 * worker keeps them as they load (cache first, sw.ts).
 */
function signedInOnlyFiles(clientDir: string, buildId: string): Set<string> {
  const text = readFileSync(join(clientDir, "assets", `manifest-${buildId}.js`), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const pathOf = (route: ManifestRoute | undefined): string =>
    route ? `${pathOf(route.parentId ? manifest.routes[route.parentId] : undefined)}/${route.path ?? ""}` : "";
  const publicFiles = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const privateFiles = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    // `:locale?/cabinet/messages` → `/cabinet/messages/`.
    const path = `${pathOf(route)
      .replace(/\/:locale\?/, "")
      .replace(/\/+/g, "/")}/`.replace(/\/+$/, "/");
    const files = isPrivatePage(path) ? privateFiles : publicFiles;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return new Set([...privateFiles].filter((file) => !publicFiles.has(file)));
}

export function pwa(): Plugin {
  let root = "";
  let base = "/";
  let command: "build" | "serve" = "build";
  let registerUrl: string | undefined;
  return {
    name: "pwa",
    configResolved(config) {
      root = config.root;
      base = config.base;
      command = config.command;
    },
    resolveId: (id) => (id === REGISTER ? `\0${REGISTER}` : null),
    load(id) {
      if (id !== `\0${REGISTER}`) return null;
      // `npm run dev` has no service worker: pages load nothing after `load`.
      if (command === "serve") return "export default null;";
      if (this.environment.name === "client") this.error(`${REGISTER} is the worker's`);
      if (!registerUrl) this.error("the client must be built before the worker");
      return `export default ${JSON.stringify(registerUrl)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client" || command !== "build") return;
      const files = await bundle(root, REGISTER_ENTRY, {
        format: "es",
        entryFileNames: "assets/pwa-[hash].js",
        chunkFileNames: "assets/pwa-[name]-[hash].js",
        assetFileNames: "assets/pwa-[name]-[hash][extname]",
      });
      for (const file of files) {
        const source = file.type === "chunk" ? file.code : file.source;
        this.emitFile({ type: "asset", fileName: file.fileName, source });
        if (file.type === "chunk" && file.isEntry) registerUrl = base + file.fileName;
      }
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const clientDir = resolve(root, client.config.build.outDir);
        const buildId = buildIdOf(clientDir);
        const signedInOnly = signedInOnlyFiles(clientDir, buildId);
        const [sw] = await bundle(root, SW_ENTRY, { format: "iife", entryFileNames: "sw.js" });
        if (sw?.type !== "chunk") throw new Error("pwa: no service worker bundle");
        const tmp = mkdtempSync(join(tmpdir(), "pwa-sw-"));
        try {
          writeFileSync(join(tmp, "sw.js"), sw.code);
          // Loaded here, not with the config: `npm run dev` and React Router's child compiler need none of it.
          const { injectManifest } = await import("workbox-build");
          const { count, size, warnings } = await injectManifest({
            swSrc: join(tmp, "sw.js"),
            swDest: join(clientDir, "sw.js"),
            globDirectory: clientDir,
            globPatterns: [PRECACHE_GLOB],
            // Hashed names: the URL is the revision. Sorted, so the same build writes the same list.
            manifestTransforms: [
              (entries) => ({
                manifest: entries
                  .map((entry) => ({ ...entry, url: base + entry.url, revision: null }))
                  .filter((entry) => !signedInOnly.has(entry.url))
                  .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
              }),
            ],
            additionalManifestEntries: OFFLINE_PAGES.map((url) => ({ url, revision: buildId })),
          });
          for (const warning of warnings) builder.config.logger.warn(`pwa: ${warning}`);
          builder.config.logger.info(
            `pwa: sw.js precaches ${count} files, ${(size / 1024).toFixed(1)} KB (build ${buildId})`,
          );
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      },
    },
  };
}
