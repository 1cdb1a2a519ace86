/**
 * A guest's saved searches, kept in the saved-search cookie (product §9: 30 days) until sign-in moves them into
 * the account and clears it (product §4, worker/middleware/saved-searches-merge.ts). The value is a
 * URI-encoded JSON list, newest first: `[{"q": canonical query, "n": own name or null, "t": saved at (ms)}]`.
 * Anything unreadable in it is dropped, never an error.
 */
import { GUEST_SAVED_SEARCHES_MAX } from "./constants.ts";
import { canonicalQuery, parseCanonicalQuery, type SavedQuery, SAVED_SEARCH_NAME_MAX } from "./api/saved-searches.ts";

export interface GuestSavedSearch {
  query: SavedQuery;
  /** Its canonical text: what tells two searches apart. */
  key: string;
  name: string | null;
  saved_at: number;
}

/** Browsers keep about 4 096 bytes of a cookie; the oldest searches give way beyond this. */
const MAX_VALUE_LENGTH = 3_600;

export function parseGuestSearches(value: string | null | undefined): GuestSavedSearch[] {
  if (!value) return [];
  let raw: unknown;
  try {
    // Cookie readers (hono's `getCookie`, `parse`) hand the value over decoded already: decoding it again
    // would break on a `%` in a name. The JSON list starts with `[`, its encoded form with `%5B`.
    raw = JSON.parse(value.startsWith("[") ? value : decodeURIComponent(value));
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const searches: GuestSavedSearch[] = [];
  for (const item of raw) {
    if (typeof item !== "object" || item === null) continue;
    const { q, n, t } = item as { q?: unknown; n?: unknown; t?: unknown };
    if (typeof q !== "string") continue;
    const query = parseCanonicalQuery(q);
    if (!query) continue;
    const key = canonicalQuery(query);
    if (seen.has(key)) continue;
    seen.add(key);
    searches.push({
      query,
      key,
      name: typeof n === "string" && n.trim() ? n.trim().slice(0, SAVED_SEARCH_NAME_MAX) : null,
      saved_at: typeof t === "number" && Number.isSafeInteger(t) && t > 0 ? t : 0,
    });
    if (searches.length === GUEST_SAVED_SEARCHES_MAX) break;
  }
  return searches;
}

/** The cookie's value for these searches (newest first), the oldest left out if it would not fit. */
export function serializeGuestSearches(searches: readonly GuestSavedSearch[]): string {
  const list = searches.slice(0, GUEST_SAVED_SEARCHES_MAX).map((s) => ({ q: s.key, n: s.name, t: s.saved_at }));
  for (;;) {
    const value = encodeURIComponent(JSON.stringify(list));
    if (value.length <= MAX_VALUE_LENGTH || list.length <= 1) return list.length ? value : "";
    list.pop();
  }
}

/** The list with this search first (saved again: moved to the front, its name kept unless a new one is given). */
export function withGuestSearch(
  searches: readonly GuestSavedSearch[],
  query: SavedQuery,
  name: string | null,
  now: number,
): GuestSavedSearch[] {
  const key = canonicalQuery(query);
  const existing = searches.find((s) => s.key === key);
  const entry: GuestSavedSearch = {
    query,
    key,
    name: name ?? existing?.name ?? null,
    saved_at: existing?.saved_at ?? now,
  };
  return [entry, ...searches.filter((s) => s.key !== key)].slice(0, GUEST_SAVED_SEARCHES_MAX);
}

export function withoutGuestSearch(searches: readonly GuestSavedSearch[], key: string): GuestSavedSearch[] {
  return searches.filter((s) => s.key !== key);
}
