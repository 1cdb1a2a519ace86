/**
 * A positive integer id of a path segment or a query value, or null. Loaders read ids with it, and so do
 * pages (the audit log links its entries by id).
 */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
