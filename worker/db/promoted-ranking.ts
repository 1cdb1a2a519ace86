/**
 * Honest ranking of paid placements (issue 21 item 5, decision 040): the SQL of one page of search results
 * with the placement's listings first.
 *
 * The results of a search are the running placements that match it (P, ordered by the placement's end,
 * then id: its index order) and the other matches in the visitor's sort (O). Page p shows up to `slots`
 * of P first (PROMOTED_PER_PAGE for "Top"), then O; P advances by `slots` a page, so every match is on
 * exactly one page and the total stays the count of every match. When O runs out, the rest of P follows
 * it to fill the page. P is rotated: each PROMOTED_ROTATION_MS it starts `slots` further on (among its
 * first PROMOTED_ROTATION_SPAN), so every running placement gets the first page in turn, and within the
 * period every request and every page agree.
 *
 * The cost is bounded by the page, not by how many listings match: P is read in index order (the partial
 * indexes of migration 0019) up to PROMOTED_ROTATION_SPAN + page × per_page rows (enough to place this
 * page and to know where P wraps), and O is the usual index walk less the running placements that match
 * (a list of them, read from the same indexes).
 */
import { PROMOTED_PER_PAGE, PROMOTED_ROTATION_MS, PROMOTED_ROTATION_SPAN } from "#shared/constants.ts";

/** Which placement a search ranks first: "Top" on every search, "Home" on the home page's (`home=true`). */
export type RankedPlacement = "top" | "home";

const COLUMN: Record<RankedPlacement, string> = { top: "promoted_until", home: "home_until" };

/** "As many as there are": how many of O a search assumes when it has not counted them. */
export const ORGANIC_UNKNOWN = 2 ** 50;

export interface RankingOptions {
  page: number;
  perPage: number;
  now: number;
  placement: RankedPlacement;
  /**
   * How many listings of O there are, when known: 0 when the search asks for the placement only (every
   * match is in P). ORGANIC_UNKNOWN reads the page as if O did not run out before it; the caller checks
   * the rows (`needsExactOrganic`) and asks again with the exact count when it did.
   */
  organic: number;
}

/** How many of P a page places first: PROMOTED_PER_PAGE for "Top"; the home page's shelf is all "Home". */
export function slotsPerPage(placement: RankedPlacement, perPage: number): number {
  return placement === "home" ? perPage : Math.min(PROMOTED_PER_PAGE, perPage);
}

/** How far P is rotated at `now` (before taking it modulo its length): `slots` more each period. */
export function rotationStep(now: number, slots: number): number {
  return Math.floor(now / PROMOTED_ROTATION_MS) * slots;
}

/**
 * One statement for the page: its listings' columns in order, each row with `rank_group` (0: placed
 * first, 1: the visitor's sort, 2: P after O ran out) and the layout (`ranked_total` — how many of P were
 * read, exact below the bound —, `ranked_before`, `organic_before`, `ranked_slots`).
 * `where` is the search's clause over `listings l`; `order` its ORDER BY over `l`; `columns` and `joins`
 * what a listing row reads.
 */
export function rankedPageStatement(
  where: { sql: string; args: unknown[] },
  order: string,
  columns: string,
  joins: string,
  options: RankingOptions,
): { sql: string; args: unknown[] } {
  const { page, perPage: k, now, placement, organic } = options;
  const column = `l.${COLUMN[placement]}`;
  const slots = slotsPerPage(placement, k);
  // A literal (a whole number from the validated query): SQLite plans a bound parameter's LIMIT there as
  // unknown and reads the whole placement.
  const bound = Math.trunc(PROMOTED_ROTATION_SPAN + page * k);
  const before = (page - 1) * k;
  const placedBefore = (page - 1) * slots;
  // `unlikely` steers the planner to the placement's partial indexes (migration 0019): a price range's
  // own index would read every listing in the range to find the few placed ones. O leaves them out by
  // that list rather than by the column: the sort indexes cover the walk and do not hold the column.
  const sql = `
WITH
  ranked AS MATERIALIZED (
    SELECT id, ROW_NUMBER() OVER (ORDER BY until, id) - 1 AS pos FROM (
      SELECT l.id, ${column} AS until FROM listings l WHERE ${where.sql} AND unlikely(${column} > ?)
      ORDER BY ${column}, l.id LIMIT ${bound})),
  counted AS (SELECT COUNT(*) AS n, min(?, ? + COUNT(*)) AS t FROM ranked),
  layout1 AS (SELECT n, t, max(min(n, ?), t - ?) AS pb, min(n, ?) AS m FROM counted),
  layout2 AS (SELECT n, pb, t - pb AS ob, max(0, min(?, n - pb)) AS slots,
    CASE WHEN m > 0 THEN ? % m ELSE 0 END AS s FROM layout1),
  layout3 AS (SELECT *, max(0, min(? - slots, ? - ob)) AS oc FROM layout2),
  layout AS MATERIALIZED (SELECT *, max(0, min(? - slots - oc, n - pb - slots)) AS over,
    (s + pb) % max(n, 1) AS start FROM layout3),
  placed AS (SELECT id, r FROM (SELECT ranked.id, (ranked.pos - layout.start + layout.n) % layout.n AS r
    FROM ranked, layout) WHERE r < (SELECT slots + over FROM layout)),
  organic AS (SELECT l.id FROM listings l WHERE ${where.sql}
    AND l.id NOT IN (SELECT l.id FROM listings l WHERE ${where.sql} AND unlikely(${column} > ?))
    ORDER BY ${order} LIMIT (SELECT oc FROM layout) OFFSET (SELECT ob FROM layout)),
  page AS (
    SELECT id, CASE WHEN r < (SELECT slots FROM layout) THEN 0 ELSE 2 END AS grp, r AS rk FROM placed
    UNION ALL SELECT id, 1, 0 FROM organic)
SELECT ${columns}, page.grp AS rank_group, layout.n AS ranked_total, layout.pb AS ranked_before,
  layout.ob AS organic_before, layout.slots AS ranked_slots
FROM page JOIN listings l ON l.id = page.id ${joins} CROSS JOIN layout
ORDER BY page.grp, page.rk, ${order}`;
  const args = [
    ...where.args,
    now,
    before,
    organic,
    placedBefore,
    organic,
    PROMOTED_ROTATION_SPAN,
    slots,
    rotationStep(now, slots),
    k,
    organic,
    k,
    ...where.args,
    ...where.args,
    now,
  ];
  return { sql, args };
}

/** The layout a page's rows report (every row carries it; an empty page has none). */
export interface RankedLayout {
  ranked_total: number;
  ranked_before: number;
  organic_before: number;
  ranked_slots: number;
}

/**
 * Whether a page read with ORGANIC_UNKNOWN is wrong because O ran out: on it, with more of P to follow
 * (they fill the page), or before it (then P filled earlier pages and this page starts further on). In
 * both cases the page is short and has placed listings. Returns the count of O to ask again with — exact
 * when this page reached O's end, otherwise null: count O up to `organic_before` first.
 */
export function exactOrganicNeeded(
  rows: (RankedLayout & { rank_group: number })[],
  perPage: number,
): { organic: number | null } | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const organicRows = rows.filter((row) => row.rank_group === 1).length;
  if (organicRows >= perPage - first.ranked_slots) return undefined;
  const moreRanked = first.ranked_total > first.ranked_before + first.ranked_slots;
  if (organicRows > 0 || first.organic_before === 0)
    return moreRanked ? { organic: first.organic_before + organicRows } : undefined;
  return first.ranked_slots > 0 ? { organic: null } : undefined;
}
