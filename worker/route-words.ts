import type { ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];

/** The route whose optional first segment is the locale (client/routes.ts). */
const LOCALE_SCOPE_ROUTE = "routes/locale-scope";

/**
 * The first words of the pages' paths under the locale segment (`search`, `buy`, `cabinet`…), read from
 * the build's routes once. A path whose first segment is none of them, nor `sr`/`ru`, can only reach a
 * page by reading that segment as the locale: one that does not exist (middleware/locale.ts).
 */
export function firstRouteWords(manifest: Manifest): ReadonlySet<string> {
  const words = new Set<string>();
  const visit = (parentId: string) => {
    for (const route of Object.values(manifest)) {
      if (!route || route.parentId !== parentId) continue;
      const first = route.path?.split("/")[0];
      // A route without a path of its own (an index, a layout) hands the first word to its children.
      if (!first) visit(route.id);
      else if (!first.startsWith(":") && first !== "*") words.add(first.toLowerCase());
    }
  };
  visit(LOCALE_SCOPE_ROUTE);
  return words;
}
