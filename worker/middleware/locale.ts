import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { isbot } from "isbot";
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME, LOCALE_REDIRECT_STATUS } from "#shared/constants.ts";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
  localizePath,
  splitLocale,
} from "#shared/locales.ts";
import type { NotFoundDetail } from "#shared/not-found.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { canonicalAddress } from "./page-query.ts";
import { isDataRequest, isPagePath } from "./page-request.ts";

/** The query parameter a language switcher link uses to choose a locale without JavaScript. */
const LOCALE_CHOICE_PARAM = "locale";

function storeLocale(c: Context<AppEnv>, locale: Locale) {
  setCookie(c, LOCALE_COOKIE_NAME, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
  });
}

/**
 * Locale of a page request (architecture §3.4): the `sr`/`ru` first segment, else en. A prefixed visit
 * stores the cookie; an unprefixed one is sent (302) to the stored locale — the cookie, else, for
 * people and not crawlers, Accept-Language. `?locale=xx` is an explicit choice: stored, then 302 to
 * that language's URL. Invalid first segments are left to the router, which answers 404.
 */
export function locale(routeWords: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const dataRequest = isDataRequest(url.pathname);
    if (!isPagePath(url.pathname) && !dataRequest) return next();

    const { locale: urlLocale, prefixed, rest } = splitLocale(url.pathname);
    c.set("locale", urlLocale);
    // A two-letter first segment other than sr/ru is a locale that does not exist (no route word has
    // two letters): the 404 of product §5, whatever the rest of the path would have led to. So is any
    // other first segment that no page starts with, before a page's own words (`/xyz/search/`): the
    // router would read it as the locale, and a page's loader could redirect before the locale's 404
    // (the search page's address is `/search/`). A lone word (`/xyz/`) is a page that does not exist,
    // as `/xyz/no/page/` is: both the "unmatched" 404 (decision 051); the router would read the first
    // as the home page in locale "xyz", so it is sent to the catch-all too.
    const kind = prefixed || dataRequest ? null : notFoundSegment(url.pathname, routeWords);
    if (kind) {
      c.set("notFoundPage", { kind, path: url.pathname + url.search });
      return next();
    }
    const isGet = c.req.method === "GET" || c.req.method === "HEAD";
    const cookie = getCookie(c, LOCALE_COOKIE_NAME);

    const choice = url.searchParams.get(LOCALE_CHOICE_PARAM);
    if (isGet && !dataRequest && isLocale(choice)) {
      storeLocale(c, choice);
      url.searchParams.delete(LOCALE_CHOICE_PARAM);
      return c.redirect(canonicalAddress(localizePath(rest, choice), url.search), LOCALE_REDIRECT_STATUS);
    }

    if (prefixed) {
      await next();
      // After next(): headers set earlier are not carried onto the router's own Response.
      if (cookie !== urlLocale) storeLocale(c, urlLocale);
      return;
    }

    if (isGet && !dataRequest) {
      const bot = isbot(c.req.header("user-agent") ?? "");
      const stored = isLocale(cookie)
        ? cookie
        : !bot
          ? (localeFromAcceptLanguage(c.req.header("accept-language")) ?? DEFAULT_LOCALE)
          : DEFAULT_LOCALE;
      if (stored !== DEFAULT_LOCALE) {
        c.header("Vary", "Cookie, Accept-Language");
        return c.redirect(canonicalAddress(localizePath(rest, stored), url.search), LOCALE_REDIRECT_STATUS);
      }
    }
    await next();
    if (isGet && !dataRequest) varyOn(c.res.headers, ["Cookie", "Accept-Language"]);
  };
}

/** Adds the request headers `names` to the answer's `Vary`, each once (the page cache may have named one). */
function varyOn(headers: Headers, names: string[]) {
  const named = (headers.get("Vary") ?? "").toLowerCase().split(/\s*,\s*/);
  const missing = names.filter((name) => !named.includes(name.toLowerCase()));
  if (missing.length) headers.append("Vary", missing.join(", "));
}

/**
 * Whether the path's first segment rules out every page (see `locale`): as a locale that does not exist,
 * or as a lone word no page has; null when the router decides.
 */
function notFoundSegment(pathname: string, routeWords: ReadonlySet<string>): NotFoundDetail["kind"] | null {
  const [, first = "", second = ""] = pathname.split("/");
  if (first === "") return null;
  if (/^[A-Za-z]{2}$/.test(first)) return "locale";
  if (routeWords.has(first.toLowerCase())) return null;
  if (second === "") return "route";
  return routeWords.has(second.toLowerCase()) ? "locale" : null;
}
