import { data } from "react-router";
import { invalidLocale, notFound } from "#client/http-errors.server.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/not-found";

/** The catch-all: every unmatched path is the 404 screen of the root error boundary. */
export function loader({ url, context }: Route.LoaderArgs): never {
  const { notFoundPage, pageError } = context.get(appContext);
  // Rendered again to name the address asked for (worker/index.ts); a path no page has is a 404 whatever
  // else the worker found (a method no page takes).
  if (pageError?.notFound) throw data(pageError.notFound, { status: 404 });
  if (notFoundPage) throw (notFoundPage.kind === "locale" ? invalidLocale : notFound)(url, notFoundPage.path);
  throw notFound(url);
}

export default function NotFound() {
  return null;
}
