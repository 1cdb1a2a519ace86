/** A page number to link, or a gap ("…") between runs of them. */
export type PageSlot = number | "gap";

/**
 * The page links of a pager: the first page, the current page with `radius` neighbours each side,
 * the last page (when known), and a gap wherever pages are left out. A gap never hides a single
 * page: that page is shown instead.
 */
export function pageWindow(page: number, lastPage: number | null, radius = 1): PageSlot[] {
  const last = lastPage ?? page + 1;
  const shown = new Set<number>([1, last]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= last) shown.add(p);
  // A lone page between two shown ones is worth more than an ellipsis of the same width.
  for (const p of [...shown]) {
    if (shown.has(p + 2) && !shown.has(p + 1)) shown.add(p + 1);
  }
  const sorted = [...shown].filter((p) => lastPage !== null || p <= last).sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const p of sorted) {
    const prev = slots.at(-1);
    if (typeof prev === "number" && p > prev + 1) slots.push("gap");
    slots.push(p);
  }
  return slots;
}
