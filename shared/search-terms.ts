/**
 * What a keyword search looks for (decision 068): each word of the visitor's text (searchWords), or a phrase
 * of them, becomes a group of alternatives, any of which a listing's title, description or address must hold:
 * - a feature of the multilingual dictionary (shared/search-keywords.ts) — every form of it in en, ru and sr;
 * - any other word — its stem by the language's Snowball stemmer (English or Serbian for Latin script, Russian
 *   and Serbian for Cyrillic: @orama/stemmers), as the start of a word, so "terasom" finds "terasa" and
 *   "квартиры" finds "квартира". A stem is used only when it starts the word and keeps MIN_STEM letters.
 * Every group must match (AND). Terms are folded as the full-text index folds them (ftsFold).
 *
 * The search's SQL (worker/db/listing-search.ts, `ftsExpression` below) and the alerts' matcher
 * (worker/workflows/alert-matcher.ts, `textMatches`) both read a query through `searchTermGroups`, so the two
 * agree on what it finds. Worker code only: the stemmers never reach the browser.
 */
import { stemmer as englishStem } from "@orama/stemmers/english";
import { stemmer as russianStem } from "@orama/stemmers/russian";
import { stemmer as serbianStem } from "@orama/stemmers/serbian";
import { SEARCH_KEYWORDS } from "./search-keywords.ts";
import { ftsFold, searchWords } from "./search-words.ts";

/** A stem shorter than this finds too many unrelated words: the word is used as typed. */
const MIN_STEM = 4;
/** A word typed only in part finds a dictionary feature from this many letters on ("balko" → balcony). */
const PARTIAL_KEYWORD = 5;

/** One word of an alternative: the start of a word of the text, or (`whole`) the whole word. */
interface TermToken {
  folded: string;
  whole: boolean;
}

/** Ways one word (or phrase) of the query may be found: any alternative, each words in sequence. */
export type TermGroup = TermToken[][];

const token = (word: string): TermToken =>
  word.endsWith("=") ? { folded: ftsFold(word.slice(0, -1)), whole: true } : { folded: ftsFold(word), whole: false };

/** The dictionary, folded once: each feature's forms as token sequences. */
const KEYWORDS = SEARCH_KEYWORDS.map((keyword) => keyword.forms.map((form) => form.split(" ").map(token)));
/** The longest form (in words): how far a phrase of the query is compared. */
const LONGEST = Math.max(...KEYWORDS.flat().map((form) => form.length));

/** Whether a query word says a form's word: starts with it (or is it, for a whole one), or is a long start of it. */
function says(word: string, form: TermToken): boolean {
  if (form.whole) return word === form.folded;
  return word.startsWith(form.folded) || (word.length >= PARTIAL_KEYWORD && form.folded.startsWith(word));
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LETTERS = /^\p{L}+$/u;

function commonStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** A word's alternatives when no feature matches it: its shortest usable stem, and Serbian Latin for Cyrillic. */
function stemmed(word: string): TermToken[][] {
  // One letter is matched whole (a prefix of one would match most of the vocabulary); numbers as typed.
  if (word.length <= 1) return [[{ folded: word, whole: true }]];
  if (word.length <= MIN_STEM || !LETTERS.test(word)) return [[{ folded: word, whole: false }]];
  const cyrillic = CYRILLIC.test(word);
  let best = word;
  for (const stem of cyrillic ? [russianStem(word)] : [englishStem(word), serbianStem(word)]) {
    const start = commonStart(ftsFold(stem), word);
    if (start.length >= MIN_STEM && start.length < best.length) best = start;
  }
  const alternatives = [[{ folded: best, whole: false }]];
  // The Serbian stemmer reads Cyrillic into Latin: the same word as Serbian written in Latin.
  const latin = cyrillic ? ftsFold(serbianStem(word)) : "";
  if (latin.length >= MIN_STEM && LETTERS.test(latin)) alternatives.push([{ folded: latin, whole: false }]);
  return alternatives;
}

const key = (alternative: TermToken[]) => alternative.map((t) => t.folded + (t.whole ? "=" : "")).join(" ");

/** Alternatives without repeats, and without a single start that a shorter single start already covers. */
function tidy(alternatives: TermToken[][]): TermGroup {
  const unique = [...new Map(alternatives.map((a) => [key(a), a])).values()];
  const starts = unique.filter((a) => a.length === 1 && !a[0]!.whole).map((a) => a[0]!.folded);
  return unique.filter(
    (a) => a.length > 1 || a[0]!.whole || !starts.some((s) => s !== a[0]!.folded && a[0]!.folded.startsWith(s)),
  );
}

/** The groups of a visitor's search text; empty when it has no word. */
export function searchTermGroups(text: string): TermGroup[] {
  const words = searchWords(text)
    .map(ftsFold)
    .filter((word) => word.length > 0);
  const groups: TermGroup[] = [];
  for (let i = 0; i < words.length;) {
    // The longest phrase of the query that says some feature, then one word.
    let taken = 0;
    let found: TermToken[][] = [];
    for (let n = Math.min(LONGEST, words.length - i); n >= 1 && !taken; n--) {
      const phrase = words.slice(i, i + n);
      const features = KEYWORDS.filter((forms) =>
        forms.some((form) => form.length === n && form.every((part, k) => says(phrase[k]!, part))),
      );
      if (features.length) {
        taken = n;
        found = features.flat();
      }
    }
    if (taken) {
      // The words as typed stay an alternative of their own (whole where they said a whole-word form).
      const typed = words.slice(i, i + taken).map((folded, k) => ({
        folded,
        whole: found.some((form) => form.length === taken && form[k]!.whole && form[k]!.folded === folded),
      }));
      groups.push(tidy([...found, typed]));
      i += taken;
    } else {
      groups.push(tidy(stemmed(words[i]!)));
      i += 1;
    }
  }
  return groups;
}

/** FTS5 query of the groups (each an OR of phrases of prefix or whole terms, all ANDed); null without one. */
export function ftsExpression(groups: TermGroup[]): string | null {
  if (!groups.length) return null;
  const term = (t: TermToken) => `"${t.folded.replaceAll('"', "")}"${t.whole ? "" : "*"}`;
  return groups.map((group) => `(${group.map((alt) => alt.map(term).join(" + ")).join(" OR ")})`).join(" AND ");
}

/**
 * Whether a text's fields (each its terms in order, as the index holds them: ftsTerms) hold every group: an
 * alternative's words in sequence within one field, as an FTS5 phrase matches.
 */
export function textMatches(groups: TermGroup[], fields: readonly (readonly string[])[]): boolean {
  const at = (terms: readonly string[], i: number, t: TermToken) =>
    t.whole ? terms[i] === t.folded : (terms[i]?.startsWith(t.folded) ?? false);
  const holds = (alternative: TermToken[]) =>
    fields.some((terms) => terms.some((_, i) => alternative.every((t, k) => at(terms, i + k, t))));
  return groups.every((group) => group.some(holds));
}
