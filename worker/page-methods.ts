import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];
type ManifestRoute = NonNullable<Manifest[string]>;

/**
 * The methods each page takes: GET and HEAD, and POST where its route has an action. React Router would
 * answer any other request with a 405 of its own — thrown before the root loader runs, so its screen
 * had no messages. The worker answers it instead (worker/index.ts), as the page's 405 screen.
 */
export function pageMethods(manifest: Manifest): (pathname: string) => readonly string[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  return (pathname) => {
    const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.id;
    return leaf && manifest[leaf]?.module.action ? WITH_ACTION : WITHOUT_ACTION;
  };
}

const WITHOUT_ACTION = ["GET", "HEAD"] as const;
const WITH_ACTION = ["GET", "HEAD", "POST"] as const;
