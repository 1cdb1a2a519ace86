/** Vite plugins that take code out of the browser's bundle; the worker's build is left as it is. */
import type { Plugin } from "vite";

/**
 * The browser gets its messages already parsed (the root loader sends ICU syntax trees), so the
 * client bundle leaves out the ICU parser — about a third of @formatjs/intl. The worker keeps it.
 */
export function icuParserOnlyOnServer(): Plugin {
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
export function jsxRuntimeAsEsm(): Plugin {
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

/** A `Name.displayName = "…";` statement of React Router's production build. */
const DISPLAY_NAME = /^[ \t]*[\w$.]+\.displayName = "[^"\n]*";[ \t]*$/gm;

/**
 * React Router's production build names its contexts and components for React DevTools (17 statements).
 * React Router never reads the names; React would only put them in an error's component stack, where
 * "Context" stands instead. The browser's copy leaves them out: about 0.13 KB gzip less first-load
 * JavaScript on every page.
 */
export function noDevtoolsNamesInBrowser(): Plugin {
  return {
    name: "no-devtools-names-in-browser",
    apply: "build",
    transform(code, id) {
      if (this.environment?.name !== "client" || !id.includes("/node_modules/react-router/dist/production/"))
        return null;
      if (!code.includes(".displayName = ")) return null;
      return { code: code.replace(DISPLAY_NAME, ""), map: null };
    },
  };
}
