import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { createHash } from "node:crypto";
import { relative } from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { pwa } from "./client/pwa/build-plugin.ts";

/**
 * The browser gets its messages already parsed (the root loader sends ICU syntax trees), so the
 * client bundle leaves out the ICU parser — about a third of @formatjs/intl. The worker keeps it.
 */
function icuParserOnlyOnServer(): Plugin {
  return {
    name: "icu-parser-only-on-server",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment?.name !== "client" || source !== "@formatjs/icu-messageformat-parser") return null;
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, { ...options, skipSelf: true });
    },
  };
}

const JSX_RUNTIME = "\0jsx-runtime-esm";

/**
 * React's JSX runtime is CommonJS, so every element our modules create was a call through the module
 * object, `(0,r.jsx)(…)`. This ES module re-exports its three functions (it sits in the `framework`
 * chunk): calls become plain `n(…)`, about 0.1 KB gzip less first-load JavaScript on every page.
 */
function jsxRuntimeAsEsm(): Plugin {
  return {
    name: "jsx-runtime-as-esm",
    enforce: "pre",
    apply: "build",
    resolveId(source, importer) {
      if (this.environment?.name !== "client" || source !== "react/jsx-runtime") return null;
      if (importer === JSX_RUNTIME || importer?.includes("/node_modules/")) return null;
      return JSX_RUNTIME;
    },
    load(id) {
      if (id !== JSX_RUNTIME) return null;
      return `import * as runtime from "react/jsx-runtime";\nexport const { jsx, jsxs, Fragment } = runtime;\n`;
    },
  };
}

const LAZY_STYLESHEETS = "virtual:lazy-stylesheets";

/**
 * `virtual:lazy-stylesheets` (decision 017): for each module loaded with `import()`, the stylesheets
 * its chunk and the chunks it imports bring, less those every page already has (the root route's).
 * The client build records them; the worker build, which runs after it, gets the list, so the server
 * can link the stylesheets of a lazy component it renders. In the browser the list is empty: there
 * Vite loads a chunk's CSS with its code.
 */
function lazyStylesheets(): Plugin {
  let root = "";
  let base = "/";
  let byModule: Record<string, string[]> | undefined;
  return {
    name: "lazy-stylesheets",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    resolveId: (id) => (id === LAZY_STYLESHEETS ? `\0${LAZY_STYLESHEETS}` : null),
    load(id) {
      if (id !== `\0${LAZY_STYLESHEETS}`) return null;
      const server = this.environment.name !== "client";
      if (server && this.environment.mode === "build" && !byModule)
        this.error("the client must be built before the worker");
      return `export default ${JSON.stringify(server ? (byModule ?? {}) : {})};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const item of Object.values(bundle)) if (item.type === "chunk") chunks.set(item.fileName, item);
      const stylesheetsOf = (file: string, seen = new Set<string>()): string[] => {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) return [];
        seen.add(file);
        return [
          ...chunk.imports.flatMap((name) => stylesheetsOf(name, seen)),
          ...(chunk.viteMetadata?.importedCss ?? []),
        ];
      };
      // React Router's route modules are chunks of `…/route.tsx?__react-router-build-client-route`.
      const rootChunk = [...chunks.values()].find((c) =>
        c.facadeModuleId?.replace(/\?.*$/, "").endsWith("/client/root.tsx"),
      );
      if (!rootChunk) this.error("no chunk for client/root.tsx");
      const everyPage = new Set(stylesheetsOf(rootChunk.fileName));
      byModule = {};
      for (const chunk of chunks.values()) {
        // Modules of `import()` calls in our code (React Router's route modules, `…?__react-router-
        // build-client-route`, come with its own links), wherever the chunking put them.
        const lazyModules = chunk.moduleIds.filter(
          (id) =>
            !id.includes("?") && !id.includes("/node_modules/") && this.getModuleInfo(id)?.dynamicImporters.length,
        );
        if (!lazyModules.length) continue;
        const own = [...new Set(stylesheetsOf(chunk.fileName))].filter((file) => !everyPage.has(file));
        for (const id of lazyModules) if (own.length) byModule[relative(root, id)] = own.map((file) => base + file);
      }
    },
  };
}

const CORE =
  /\/shared\/(paths|locales|intl|icu-format|auth-links|constants)\.ts|\/client\/i18n\/(intl|use-format|use-locale-path|formatted-texts|message-scopes)\.|\/client\/components\/(auth-dialog\/auth-view|listing-card|favourite-button)|\/client\/api\/(browser-api|api-failures)|\/shared\/api\/(form-options|limits)|\/client\/(use-hydrated|lazy-component)|\/client\/components\/layout\/site-header\.module\.css|vite\/preload-helper|rolldown:runtime/;

/** Chunks the root route brings to every page (the groups below and rolldown's runtime). */
const ALWAYS_LOADED = /(^|\/)(framework|core|rolldown-runtime)-[\w-]+\.js$/;

/**
 * Production class names of CSS modules: the class and five characters of its file's hash
 * (`card_Xa3kQ`), not Vite's `_card_wa4l2_1`. Every component's chunk carries a map of its class
 * names and pages inline their stylesheets: the shorter names take ~0.2 KB gzip off a page's first-load
 * JavaScript. The hash is the same for every class of a file, so it compresses.
 */
function shortClassName(name: string, filename: string): string {
  const file = createHash("sha256").update(relative(process.cwd(), filename)).digest("base64url");
  return `${name}_${file.slice(0, 5)}`;
}

export default defineConfig(({ command }) => ({
  // When the build was made, for `/builds/latest.json` (worker/builds/index.ts); the browser's code
  // does not use it, so its chunks (and the build id, their hash) stay the same for the same source.
  define: command === "build" ? { __BUILT_AT__: JSON.stringify(new Date().toISOString()) } : undefined,
  css: command === "build" ? { modules: { generateScopedName: shortClassName } } : undefined,
  environments: {
    client: {
      build: {
        // A lazy chunk's preload list leaves out the chunks every page has already loaded.
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|jsx-runtime-esm/,
                  priority: 20,
                },
                { name: "core", test: (id: string) => CORE.test(id.replaceAll("\\", "/")), priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    icuParserOnlyOnServer(),
    jsxRuntimeAsEsm(),
    lazyStylesheets(),
    // The service worker and the page side of it, built apart from the app (issue 23).
    pwa(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` is local: the dev outbox and debug knobs are on. Builds keep wrangler.toml's vars.
      config: command === "serve" ? { vars: { ENVIRONMENT: "development" } } : undefined,
    }),
    reactRouter(),
  ],
}));
