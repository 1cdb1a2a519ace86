import { Outlet } from "react-router";
import { isRouteLocale } from "#shared/locales.ts";
import { invalidLocale } from "#client/http-errors.ts";
import type { Route } from "./+types/locale-scope";

/** The optional locale segment of every page: only sr or ru may be written (SPEC §5). */
export function loader({ params, url }: Route.LoaderArgs) {
  if (params.locale !== undefined && !isRouteLocale(params.locale)) throw invalidLocale(url);
  return null;
}

export default function LocaleScope() {
  return <Outlet />;
}
