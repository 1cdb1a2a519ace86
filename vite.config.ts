import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { createHash } from "node:crypto";
import { relative } from "node:path";
import { defineConfig } from "vite";
import { icuParserOnlyOnServer, jsxRuntimeAsEsm, noDevtoolsNamesInBrowser } from "./vite-plugins/client-bundle.ts";
import { lazyStylesheets } from "./vite-plugins/lazy-stylesheets.ts";
import { pwa } from "./vite-plugins/pwa.ts";

const CORE =
  /\/shared\/(paths|locales|intl|icu-format|auth-links|constants)\.ts|\/client\/i18n\/(intl|use-format|use-locale-path|formatted-texts-reader)\.|\/client\/components\/(auth-dialog\/auth-view|listing-card|favourite-button)|\/client\/api\/(browser-api|api-failures)|\/shared\/api\/(form-options|limits)|\/client\/(use-hydrated|lazy-component)|\/client\/components\/layout\/site-header\.module\.css|vite\/preload-helper|rolldown:runtime/;

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
    noDevtoolsNamesInBrowser(),
    lazyStylesheets(),
    // The service worker and the page side of it, built apart from the app (decision 043).
    pwa(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` is local: the dev outbox and debug knobs are on. Builds keep wrangler.toml's vars.
      config: command === "serve" ? { vars: { ENVIRONMENT: "development" } } : undefined,
    }),
    reactRouter(),
  ],
}));
