import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { originOf } from "#shared/same-origin.ts";

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

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * What is wrong with a page form post before React Router parses it (it would throw, a 500): another
 * site's page posting it is a 403 (React Router would refuse it too, by throwing an error that is logged as
 * a fault), no body and no type a 400, a type other than a form's (`text/plain`, JSON) a 415, a form that
 * does not parse a 400. Null when the action may read it. The body was capped before
 * (middleware/request-limits.ts).
 */
export async function formPostProblem(request: Request): Promise<400 | 403 | 415 | null> {
  if (originOf(request) === "cross") return 403;
  const type = request.headers.get("content-type");
  if (!type) return request.body && request.headers.get("content-length") !== "0" ? 415 : 400;
  if (!FORM_TYPES.has(type.split(";")[0]!.trim().toLowerCase())) return 415;
  try {
    await request.clone().formData();
  } catch {
    return 400;
  }
  return null;
}
