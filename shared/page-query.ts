/**
 * The query parameters each page reads — the one list the worker's page cache key and the rendered page
 * both go by (decision 027). Any other parameter (`utm_*`, `fbclid`, a random cache
 * buster) is dropped before the page is looked up or rendered, so it varies neither the cache key nor
 * any link, canonical or form of the page.
 */
import { AUTH_DIALOG_PARAM, NEXT_PARAM, RETURN_PARAM, VIA_PARAM } from "./auth-links.ts";
import { splitLocale } from "./locales.ts";
import { REPEATED_FIELDS, SEARCH_FIELDS, SEARCH_FILTERS } from "./search-filters.ts";
import { BOUNDS_FIELDS, MAP_VIEW_PARAM, MAP_ZOOM_PARAM } from "./map.ts";
import { MAX_PAGE } from "./api/limits.ts";

/** Read on every page: the sign-in dialog's, the installed app's flag (product §2), the language choice. */
const EVERY_PAGE = [AUTH_DIALOG_PARAM, VIA_PARAM, NEXT_PARAM, RETURN_PARAM, "pwa_user", "locale"] as const;
/** React Router's own on a `.data` request: which routes to load, and the index route's marker. */
const ROUTER = ["_routes", "index"] as const;
/** The search form's free-text place, on the home page and the search and list pages. */
const WHERE = "where";
/**
 * The search and list pages' names in the order `searchHref` writes them (filters, the map's area, sort,
 * page, the map's zoom and view), then the form's free-text place and the no-JavaScript area form, which
 * the loader turns into those.
 */
const SEARCH_PAGE = [
  ...SEARCH_FILTERS,
  "bounds",
  "sort",
  "page",
  MAP_ZOOM_PARAM,
  MAP_VIEW_PARAM,
  WHERE,
  ...BOUNDS_FIELDS,
];

/** Pages by their locale-free path, and what each reads beyond `EVERY_PAGE`. */
const PAGES: [RegExp, readonly string[]][] = [
  // The home search form (`type`, `where`, `price_min`, `price_max`) posts to the home page itself.
  [/^\/$/, [...SEARCH_FIELDS, WHERE]],
  [/^\/search\/$/, SEARCH_PAGE],
  // List pages (`/buy/apartment/`, `/rent/house/novi-sad/`); a detail page has a fourth segment.
  [/^\/(?:buy|rent)\/[^/]+\/(?:[^/]+\/)?$/, SEARCH_PAGE],
  // An agency's page searches its listings (decision 103).
  [/^\/agency\/[^/]+\/$/, SEARCH_PAGE],
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

/** The names a page at `pathname` reads, in the one order its address writes them; null for a private page. */
function pageNames(pathname: string): { names: readonly string[]; search: boolean } | null {
  const page = pageOfDataRequest(pathname);
  if (isPrivatePage(page)) return null;
  const { rest } = splitLocale(page);
  const own = PAGES.find(([pattern]) => pattern.test(rest))?.[1] ?? [];
  return {
    names: [...(page === pathname ? [] : ROUTER), ...own, ...EVERY_PAGE],
    search: own.includes("type"),
  };
}

/** A page number as its one string: a number past the bound is the bound, 1 (the default) or no number is none. */
function pageNumber(raw: string): string | null {
  if (!/^\d+$/.test(raw)) return null;
  const page = Math.min(Number(raw), MAX_PAGE);
  return page > 1 ? String(page) : null;
}

export interface CanonicalPageQuery {
  /** The page's one query for what was asked (`?` included, or "" when none is left). */
  search: string;
  /**
   * The parameters the page reads were not written in their one form (another order, repeated, empty, a
   * stray `&`, a page number out of bounds): the address itself should change, not just the key.
   * Never on the search pages, whose loaders send a search to its one address themselves (a 302).
   */
  moved: boolean;
  /**
   * The query as asked reads as the one form (the same names and values in the same order, only written
   * differently: `from=/about/` for `from=%2Fabout%2F`): the page is served as asked, only its cache key
   * takes the one form.
   */
  sameAsAsked: boolean;
}

/**
 * The one query of a page's address (decision 052): only the parameters the page reads; in the page's
 * order (the search's is `searchHref`'s); a name's first value (what `URLSearchParams.get` reads), except
 * the search's lists (`type`, `rooms`), each value once and sorted (as `searchHref` writes rooms); empty values and stray `&` dropped (on the search
 * pages an empty field speaks — `type=` is "any type" — and stays for the loader); `page` within
 * 1…`MAX_PAGE`. Null for a private page, which keeps its whole query, and for no query at all.
 */
export function canonicalPageQuery(url: URL): CanonicalPageQuery | null {
  if (!url.search) return null;
  const page = pageNames(url.pathname);
  if (!page) return null;
  const names = new Set(page.names);
  const asked: [string, string][] = [];
  let stray = false;
  let unread = false;
  for (const segment of url.search.slice(1).split("&")) {
    if (segment === "") stray = true;
    for (const pair of new URLSearchParams(segment)) {
      if (names.has(pair[0])) asked.push(pair);
      else unread = true;
    }
  }
  const kept: [string, string][] = [];
  for (const name of page.names) {
    const values = asked.filter(([n]) => n === name).map(([, value]) => value);
    // The search's names that take several values (`type=house&type=villa`) keep them all; others their first.
    const wanted = page.search && REPEATED_FIELDS.has(name) ? [...new Set(values)].sort() : values.slice(0, 1);
    for (const value of wanted) {
      const written = name === "page" ? pageNumber(value) : value;
      if (written === null || (written === "" && !page.search && !(ROUTER as readonly string[]).includes(name)))
        continue;
      kept.push([name, written]);
    }
  }
  const reordered =
    kept.length !== asked.length || kept.some(([name, value], i) => asked[i]![0] !== name || asked[i]![1] !== value);
  const query = new URLSearchParams(kept).toString();
  return {
    search: query ? `?${query}` : "",
    moved: !page.search && (stray || reordered),
    sameAsAsked: !stray && !unread && !reordered,
  };
}

/**
 * The query of `url` in its one form (`canonicalPageQuery`); null when it already is, or when the page keeps
 * its whole query, so a clean request is not copied.
 */
export function pageSearch(url: URL): string | null {
  const canonical = canonicalPageQuery(url);
  return canonical && canonical.search !== url.search && !canonical.sameAsAsked ? canonical.search : null;
}
