import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { createHash } from "node:crypto";
import { relative } from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";

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
  /\/shared\/(paths|locales|intl|icu-format|auth-links|constants)\.ts|\/client\/i18n\/|\/client\/components\/(auth-dialog\/auth-view|listing-card|favourite-button)|\/client\/api\/(browser-api|api-failures)|\/shared\/api\/form-options|vite\/preload-helper|rolldown:runtime/;

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
  css: command === "build" ? { modules: { generateScopedName: shortClassName } } : undefined,
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
    lazyStylesheets(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` is local: the dev outbox and debug knobs are on. Builds keep wrangler.toml's vars.
      config: command === "serve" ? { vars: { ENVIRONMENT: "development" } } : undefined,
    }),
    reactRouter(),
  ],
}));
