import { lazy } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { LazyStylesheets } from "#client/components/lazy-stylesheets/lazy-stylesheets.tsx";

// Error screens (illustrations included) load only when a page fails: no healthy page pays for them.
// Rendering suspends until the chunk is there, on the server and while hydrating alike.
const NotFoundScreen = lazy(() => import("./error-screen.tsx").then((m) => ({ default: m.NotFoundScreen })));
const UnavailableScreen = lazy(() => import("./error-screen.tsx").then((m) => ({ default: m.UnavailableScreen })));

/**
 * Product §2 error screens: 404 for missing pages, "Service is temporarily unavailable" for the rest. The
 * error is read with `useRouteError`: route modules re-export this boundary, so it gets no props.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <>
      <LazyStylesheets module="client/components/error-screen/error-screen.tsx" />
      {notFound ? <NotFoundScreen detail={error.data} /> : <UnavailableScreen status={status} />}
    </>
  );
}
