import { debugFault } from "#client/debug-fault.server.ts";
import { data } from "react-router";
import { assertRouteLocale } from "#client/http-errors.server.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/locale-scope";

/** The optional locale segment of every page: only sr or ru may be written (product §5). */
export function loader({ params, url, request, context }: Route.LoaderArgs) {
  assertRouteLocale(params.locale, url);
  const app = context.get(appContext);
  if (app.pageError) throw data(app.pageError.notFound ?? null, { status: app.pageError.status });
  const fault = debugFault(request, app.development);
  if (fault === "loader") throw new Error("Injected loader fault");
  return { renderFault: fault === "render" };
}

// No component: the route renders its child in place, and the browser loads no module for it. The
// injected render fault is thrown by the root component (root.tsx), inside the same error boundary.
