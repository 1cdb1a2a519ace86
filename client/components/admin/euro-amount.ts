/**
 * An amount of money as staff type it in euros — "9.90", "9,9", "12" — as integer cents; null for anything
 * else (the form then names the field). At most two decimals: cents are the unit the API takes.
 */
export function centsOf(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s|€/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the same form's value: "9.90". */
export const eurosOf = (cents: number) => (cents / 100).toFixed(2);
