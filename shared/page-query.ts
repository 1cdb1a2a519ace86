/**
 * The query parameters each page reads — the one list the worker's page cache key and the rendered page
 * both go by (issue 17 item 6, decision 027). Any other parameter (`utm_*`, `fbclid`, a random cache
 * buster) is dropped before the page is looked up or rendered, so it varies neither the cache key nor
 * any link, canonical or form of the page.
 */
import { AUTH_DIALOG_PARAM, NEXT_PARAM, RETURN_PARAM, VIA_PARAM } from "./auth-links.ts";
import { splitLocale } from "./locales.ts";
import { SEARCH_FIELDS } from "./search-query.ts";
import { BOUNDS_FIELDS, MAP_VIEW_PARAM, MAP_ZOOM_PARAM } from "./map.ts";

/** Read on every page: the sign-in dialog's, the installed app's flag (SPEC §2), the language choice. */
const EVERY_PAGE = [AUTH_DIALOG_PARAM, VIA_PARAM, NEXT_PARAM, RETURN_PARAM, "pwa_user", "locale"] as const;
/** React Router's own on a `.data` request: which routes to load, and the index route's marker. */
const ROUTER = ["_routes", "index"] as const;
/** The search form's free-text place, on the home page and the search and list pages. */
const WHERE = "where";
/** The map of the search and list pages (issue 24): its area, zoom and view, and the no-JavaScript area form. */
const MAP = ["bounds", MAP_ZOOM_PARAM, MAP_VIEW_PARAM, ...BOUNDS_FIELDS];

/** Pages by their locale-free path, and what each reads beyond `EVERY_PAGE`. */
const PAGES: [RegExp, readonly string[]][] = [
  // The home search form (`type`, `where`, `price_min`, `price_max`) posts to the home page itself.
  [/^\/$/, [...SEARCH_FIELDS, WHERE]],
  [/^\/search\/$/, [...SEARCH_FIELDS, WHERE, ...MAP]],
  // List pages (`/buy/apartment/`, `/rent/house/novi-sad/`); a detail page has a fourth segment.
  [/^\/(?:buy|rent)\/[^/]+\/(?:[^/]+\/)?$/, [...SEARCH_FIELDS, WHERE, ...MAP]],
  [/^\/media\//, ["page"]],
  [/^\/thank-you\/$/, ["sent"]],
  [/^\/unsubscribe\/$/, ["token"]],
  // The address the service worker could not load (OFFLINE_FROM_PARAM of client/pwa/protocol.ts).
  [/^\/offline\/$/, ["from"]],
];

/**
 * Pages of a signed-in visitor (never kept by the page cache) keep their whole query: the listing
 * wizard's step is there (`?step=`, decision 033), and a guard's `next` must bring the visitor back to
 * it as asked.
 */
const PRIVATE = /^\/(?:cabinet|listing|admin)\//;

/** A signed-in visitor's page (`/cabinet/`, `/listing/`, `/admin/`, any locale): never kept anywhere. */
export function isPrivatePage(pathname: string): boolean {
  return PRIVATE.test(splitLocale(pathname).rest);
}

/** The page a React Router `.data` request loads (`/about/_.data` → `/about/`, `/_root.data` → `/`). */
export function pageOfDataRequest(pathname: string): string {
  return pathname.replace(/(?:^\/_root|\/_)\.data$/, "/");
}

/**
 * The names a page at `pathname` (locale prefix and `.data` suffix allowed) reads from its query; null
 * for a private page, which keeps all of it.
 */
export function pageQueryNames(pathname: string): ReadonlySet<string> | null {
  const page = pageOfDataRequest(pathname);
  if (isPrivatePage(page)) return null;
  const { rest } = splitLocale(page);
  const own = PAGES.find(([pattern]) => pattern.test(rest))?.[1] ?? [];
  return new Set<string>([...EVERY_PAGE, ...own, ...(page === pathname ? [] : ROUTER)]);
}

/**
 * The query of `url` with only the parameters its page reads, in their order (`?` included, or "" when
 * none is left); null when nothing was dropped, so a clean request is not copied.
 */
export function pageSearch(url: URL): string | null {
  if (!url.search) return null;
  const names = pageQueryNames(url.pathname);
  if (!names) return null;
  const params = new URLSearchParams(url.search);
  let dropped = false;
  for (const name of new Set(params.keys())) {
    if (names.has(name)) continue;
    params.delete(name);
    dropped = true;
  }
  if (!dropped) return null;
  const query = params.toString();
  return query ? `?${query}` : "";
}
