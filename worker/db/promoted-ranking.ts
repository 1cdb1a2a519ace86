/**
 * Paid placements taken in turn (decision 067, which replaced decision 040's "placed first among the
 * results"): the SQL that reads a search's running placements that match it (P) in a fair rotation.
 *
 * - "Top": the promoted block above a page of results — up to PROMOTED_PER_PAGE of P, the results below
 *   in the visitor's sort untouched (worker/db/listing-search.ts).
 * - "Home": the home page's shelf (`home=true`), every match in P, a page of them at a time.
 *
 * P is read in index order (each placement's end, then id: the partial indexes of migration 0019), at most
 * PROMOTED_ROTATION_SPAN beyond the window asked for, so the cost is bounded by the page, not by how many
 * listings match. The order is rotated: each PROMOTED_ROTATION_MS it starts `slots` further on, so every
 * running placement has the first page in turn, equally often, while within one period every request (and
 * so every cached page) agrees. Page p of a search shows the window p − 1 steps further on.
 */
import { PROMOTED_PER_PAGE, PROMOTED_ROTATION_MS, PROMOTED_ROTATION_SPAN } from "#shared/constants.ts";

/** Which placement a search takes in turn: "Top" in the block of every search, "Home" on the home page's. */
export type RankedPlacement = "top" | "home";

const COLUMN: Record<RankedPlacement, string> = { top: "promoted_until", home: "home_until" };

/** How many of P a page shows: PROMOTED_PER_PAGE in the "Top" block; the home page's shelf is all "Home". */
function slotsPerPage(placement: RankedPlacement, perPage: number): number {
  return placement === "home" ? perPage : Math.min(PROMOTED_PER_PAGE, perPage);
}

/** How far P is rotated at `now` (before taking it modulo its length): `slots` more each period. */
function rotationStep(now: number, slots: number): number {
  return Math.floor(now / PROMOTED_ROTATION_MS) * slots;
}

export interface RotationOptions {
  page: number;
  perPage: number;
  now: number;
  placement: RankedPlacement;
  /**
   * Two plans of P for a search with a price or area range (listing-search.ts): walk `walk` in P's order
   * when `probe` (SQL, true or false) holds, else read the range (from `range`, or as planned). Both read the same P.
   */
  choice?: { walk: string; probe: { sql: string; args: unknown[] }; range?: string };
  /** The index P is read from, when the query builder knows better than the planner. */
  index?: string;
}

/**
 * One statement: the listings of P that page `page` shows, each row with `rotated_position` (its place in
 * the rotated order), in that order.
 * - "Top" (the block): `slots` of P from the page's start in the rotation — on page 1 the period's turn,
 *   on page p the turn p − 1 periods on; fewer when fewer run; never one twice.
 * - "Home" (all of P): the rotated order cut into pages, so every match is on exactly one page.
 * `where` is the search's clause over `listings l`; `columns` and `joins` what a listing row reads.
 */
export function rotatedPlacementStatement(
  where: { sql: string; args: unknown[] },
  columns: string,
  joins: string,
  options: RotationOptions,
): { sql: string; args: unknown[] } {
  const { page, perPage, now, placement } = options;
  const column = `l.${COLUMN[placement]}`;
  const slots = slotsPerPage(placement, perPage);
  const block = placement === "top";
  const shift = rotationStep(now, slots) + (block ? (page - 1) * slots : 0);
  const from = block ? 0 : (page - 1) * perPage;
  // A literal (a whole number from the validated query): SQLite plans a bound parameter's LIMIT there as
  // unknown and reads the whole placement.
  const bound = Math.trunc(PROMOTED_ROTATION_SPAN + from + slots);
  // `unlikely` steers the planner to the placement's partial indexes (migration 0019): a price range's own
  // index would read every listing in the range to find the few placed ones.
  const read = (source: string, limit: string) =>
    `SELECT l.id, ${column} AS until FROM ${source} WHERE ${where.sql} AND unlikely(${column} > ?) ORDER BY ${column}, l.id LIMIT ${limit}`;
  const { choice } = options;
  // The plan the probe does not take has a LIMIT of 0 and reads nothing.
  const placements = choice
    ? `SELECT * FROM (${read(`listings l INDEXED BY ${choice.walk}`, `CASE WHEN (SELECT walk FROM probe) THEN ${bound} ELSE 0 END`)})
      UNION ALL SELECT * FROM (${read(choice.range ? `listings l INDEXED BY ${choice.range}` : "listings l", `CASE WHEN (SELECT walk FROM probe) THEN 0 ELSE ${bound} END`)})`
    : read(options.index ? `listings l INDEXED BY ${options.index}` : "listings l", String(bound));
  const placementArgs = choice ? [...choice.probe.args, ...where.args, now, ...where.args, now] : [...where.args, now];
  const sql = `
WITH${choice ? `\n  probe AS MATERIALIZED (SELECT ${choice.probe.sql} AS walk),` : ""}
  ranked AS MATERIALIZED (
    SELECT id, ROW_NUMBER() OVER (ORDER BY until, id) - 1 AS pos FROM (${placements})),
  counted AS MATERIALIZED (SELECT max(COUNT(*), 1) AS n FROM ranked),
  placed AS (SELECT ranked.id, (ranked.pos - ? % counted.n + counted.n) % counted.n AS r FROM ranked, counted)
SELECT ${columns}, placed.r AS rotated_position
FROM placed JOIN listings l ON l.id = placed.id ${joins}
WHERE placed.r >= ? AND placed.r < ?
ORDER BY placed.r`;
  return { sql, args: [...placementArgs, shift, from, from + slots] };
}
