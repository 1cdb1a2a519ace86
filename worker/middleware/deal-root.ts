import type { MiddlewareHandler } from "hono";
import { PERMANENT_REDIRECT_STATUS } from "#shared/constants.ts";
import { dealFromSegment, DEFAULT_LISTING_KIND, isTypeOfDeal } from "#shared/listing-types.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { canonicalAddress } from "./page-query.ts";

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * `/buy/{citySlug?}/` and `/rent/{citySlug?}/` lead to the default type's list, city kept (architecture §7):
 * `/buy/` → `/buy/apartment/`, `/rent/novi-sad/` → `/rent/apartment/novi-sad/`. A segment that is
 * neither a type of the deal nor a known city is left to the router, which answers 404.
 */
export function dealRoot(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    const { locale, rest } = splitLocale(url.pathname);
    const match = /^\/(buy|rent)\/(?:([^/]+)\/)?$/.exec(rest);
    const deal = dealFromSegment(match?.[1]);
    if (!match || !deal) return next();

    const segment = match[2];
    if (segment && isTypeOfDeal(deal, segment)) return next();
    // A malformed escape (`/buy/%FF/`) names no city: the router's 404, not a URIError.
    const slug = segment && decodedSegment(segment);
    if (segment && !(slug && (await referenceTables(c.env).gazetteer()).cities.some((city) => city.slug === slug)))
      return next();

    const target = localizePath(paths.list(deal, DEFAULT_LISTING_KIND, segment), locale);
    return c.redirect(canonicalAddress(target, url.search), PERMANENT_REDIRECT_STATUS);
  };
}
