/**
 * Folding for matching place names typed in any script or without diacritics:
 * "nis" finds Niš, "vracar" Vračar, "djerdap" Đerdap, "белград" Белград.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replaceAll("đ", "dj")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Whether any word of `name` (or the whole name) starts with the folded query. */
export function matchesPrefix(name: string, foldedQuery: string): "start" | "word" | null {
  const folded = fold(name);
  if (folded.startsWith(foldedQuery)) return "start";
  return folded.split(" ").some((word) => word.startsWith(foldedQuery)) ? "word" : null;
}
