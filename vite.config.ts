import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

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

const CORE =
  /\/shared\/(paths|locales|intl|icu-format|auth-links|constants)\.ts|\/client\/i18n\/|\/client\/components\/(auth-dialog\/auth-view|listing-card|favourite-button)|\/client\/api\/browser-api|\/shared\/api\/form-options|vite\/preload-helper|rolldown:runtime/;

export default defineConfig(({ command }) => ({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
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
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // `npm run dev` is local: the dev outbox and debug knobs are on. Builds keep wrangler.toml's vars.
      config: command === "serve" ? { vars: { ENVIRONMENT: "development" } } : undefined,
    }),
    reactRouter(),
  ],
}));
