import { relative } from "node:path";
import type { Plugin, Rollup } from "vite";

const LAZY_STYLESHEETS = "virtual:lazy-stylesheets";

/**
 * `virtual:lazy-stylesheets` (decision 017): for each module loaded with `import()`, the stylesheets
 * its chunk and the chunks it imports bring, less those every page already has (the root route's).
 * The client build records them; the worker build, which runs after it, gets the list, so the server
 * can link the stylesheets of a lazy component it renders. In the browser the list is empty: there
 * Vite loads a chunk's CSS with its code.
 */
export function lazyStylesheets(): Plugin {
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
