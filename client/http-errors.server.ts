import { isRouteLocale } from "#shared/locales.ts";
import { data } from "react-router";
import type { NotFoundDetail } from "#shared/not-found.ts";

/** Product §8 "unmatched route": 404 'Page not found: {fullPath}' (`path`: the one asked for, if not the URL's). */
export function notFound(url: URL, path = url.pathname + url.search) {
  return data<NotFoundDetail>({ kind: "route", path }, { status: 404 });
}

/** Product §8 "invalid locale": 404 'Page Not Found: {fullPath}'. */
export function invalidLocale(url: URL, path = url.pathname + url.search) {
  return data<NotFoundDetail>({ kind: "locale", path }, { status: 404 });
}

/** Throws the invalid-locale 404 when the optional locale segment holds anything but sr or ru. */
export function assertRouteLocale(locale: string | undefined, url: URL): void {
  if (locale !== undefined && !isRouteLocale(locale)) throw invalidLocale(url);
}

/** The API could not be reached or failed: the "Service is temporarily unavailable" screen. */
export function unavailable() {
  return data("API unavailable", { status: 503 });
}
