/**
 * The words of a text search and how the full-text index folds text (migration 0007: FTS5's `unicode61`
 * tokenizer with `remove_diacritics 2`). The search's SQL (worker/db/listing-search.ts `ftsQuery`) and the
 * alerts' matcher (worker/workflows/alert-matcher.ts), which decides in memory whether a new listing
 * matches a saved search, both read a query's words here, so the two agree on what a word is.
 */

/** At most this many words of a text search count. */
const MAX_SEARCH_WORDS = 12;

/** The words of a visitor's search text: runs of letters and digits (after NFKC), at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * The combining marks unicode61 reads as part of a word and drops (SQLite's `sqlite3Fts5UnicodeIsdiacritic`);
 * other marks separate words, as punctuation does.
 */
const DROPPED_MARKS = "\\u0300-\\u0304\\u0306-\\u030c\\u030f\\u0311\\u031b\\u0323-\\u0328\\u032d\\u032e\\u0330\\u0331";
const TOKEN = new RegExp(`[\\p{L}\\p{N}\\p{Co}${DROPPED_MARKS}]+`, "gu");
const DROPPED = new RegExp(`^[${DROPPED_MARKS}]$`, "u");

const folded = new Map<string, string>();

/**
 * One character as unicode61 with `remove_diacritics 2` indexes it: case-folded (simple folding: ς → σ,
 * ſ → s), a Latin letter's diacritics removed (č → c, ǖ → u; đ has none to remove and stays), the marks
 * above dropped. Checked against SQLite character by character (tests/integration/alert-matcher.test.ts).
 */
function foldChar(char: string): string {
  let result = folded.get(char);
  if (result !== undefined) return result;
  const upper = char.toUpperCase();
  // Simple case folding: through the capital when it is one character (not ß → SS); ı has no capital of its own.
  const lower = (Array.from(upper).length === 1 && char !== "ı" ? upper : char).toLowerCase();
  const base = lower.normalize("NFD").replace(/\p{M}+/gu, "");
  // SQLite keeps ǡ (a with two marks that its table does not list).
  if (/^[a-z]$/.test(base) && lower !== "ǡ") result = base;
  else result = DROPPED.test(char) ? "" : lower;
  folded.set(char, result);
  return result;
}

/** A word folded as the index folds its terms. */
export function ftsFold(word: string): string {
  let out = "";
  for (const char of word) out += foldChar(char);
  return out;
}

/** The terms the index holds for a text: its words, folded. */
export function ftsTerms(text: string): string[] {
  return (text.match(TOKEN) ?? []).map(ftsFold).filter((term) => term.length > 0);
}
