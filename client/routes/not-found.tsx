import { notFound } from "#client/http-errors.ts";
import type { Route } from "./+types/not-found";

/** The catch-all: every unmatched path is the 404 screen of the root error boundary. */
export function loader({ url }: Route.LoaderArgs): never {
  throw notFound(url);
}

export default function NotFound() {
  return null;
}
