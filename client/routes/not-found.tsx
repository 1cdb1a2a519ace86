import { invalidLocale, notFound } from "#client/http-errors.ts";
import { appContext } from "#client/app-context.ts";
import type { Route } from "./+types/not-found";

/** The catch-all: every unmatched path is the 404 screen of the root error boundary. */
export function loader({ url, context }: Route.LoaderArgs): never {
  const { invalidLocalePath } = context.get(appContext);
  if (invalidLocalePath) throw invalidLocale(new URL(invalidLocalePath, url));
  throw notFound(url);
}

export default function NotFound() {
  return null;
}
