import type { KnipConfig } from "knip";

/**
 * The dead-code check of `npm run lint` (decision 072): files nothing reaches, exports and types nobody
 * imports (one only its own file uses loses its `export`: `npx knip --fix --fix-type exports,types`),
 * dependencies nobody uses and imports of packages package.json does not list. Test files are entries, so
 * what a test imports is used; exporting for a test is fine, exporting for nobody is not. Knip's plugins
 * find most entry points themselves: React Router's (react-router.config.ts → client/routes.ts, root,
 * entry.client/server), the worker's (wrangler.toml `main`), Vite's and Vitest's configs (every project's
 * `include`, setup and global-setup files), and the npm scripts (`node scripts/….ts`). The `#shared/*`-style
 * aliases resolve through package.json "imports". Route modules import their generated `./+types/…`, so
 * lint runs `react-router typegen` first.
 */
export default {
  entry: [
    // Built as bundles of their own by vite-plugins/pwa.ts, not imported by the app.
    "client/pwa/{register,sw}.ts",
    // Run by hand after the mark or the brand colour changes (`node scripts/icons.ts`); no npm script.
    "scripts/icons.ts",
    // A vitest reporter that scripts/test.ts names by its path on vitest's command line.
    "harness/vitest-times.ts",
  ],
  // Only this file sets the app directory; vite.config.ts would be read as an app in `app/`.
  "react-router": { config: ["react-router.config.ts"] },
  ignoreDependencies: [
    // Files read from the package at run time (a resolved path, not an import): harness/audit/axe.ts,
    // harness/audit/vnu.ts, scripts/basemap.ts.
    "axe-core",
    "vnu-jar",
    "world-atlas",
  ],
  // The Nu checker's jar runs on the machine's Java (harness/audit/vnu.ts); not an npm package.
  ignoreBinaries: ["java"],
} satisfies KnipConfig;
