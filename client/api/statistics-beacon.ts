import type { StatKind } from "#shared/api/content.ts";

/**
 * Counts one event of a listing (product §7 "Statistics") as a beacon: anonymous (no cookies, so no CSRF
 * check applies), outliving the page (`keepalive`) and silent — the visitor did not ask for it, so
 * there is nothing to show when it fails. A plain `fetch`: the typed API client is no part of a page
 * view that only counts, and the browser counts only this way.
 */
export function countListingEvent(id: number, kind: StatKind): Promise<void> {
  // `POST /api/statistics/realty/{id}[/{kind}]`: a bare id counts a view.
  return fetch(kind === "view" ? `/api/statistics/realty/${id}` : `/api/statistics/realty/${id}/${kind}`, {
    method: "POST",
    keepalive: true,
    credentials: "omit",
    headers: { "X-Requested-With": "XMLHttpRequest" },
  }).then(
    () => undefined,
    () => undefined,
  );
}
