/**
 * The language of a feed's description, among the site's (decision 097): YRL has no element for it, and
 * one agency's feed mixes Russian and Serbian texts. The scripts' own letters decide between Russian and
 * Serbian Cyrillic (ы э ё ъ й щ are Russian only, ђ ј љ њ ћ џ Serbian only); Serbian Latin's letters and
 * the commonest short words decide between Serbian and English. Undecided is null: the caller's fallback.
 */
import type { Locale } from "#shared/locales.ts";

const RUSSIAN_ONLY = /[ыэёъйщ]/g;
const SERBIAN_CYRILLIC_ONLY = /[ђјљњћџ]/g;
const SERBIAN_LATIN_LETTERS = /[čćšžđ]/g;
const CYRILLIC = /\p{Script=Cyrillic}/gu;
const LATIN = /\p{Script=Latin}/gu;
const ENGLISH_WORDS = new Set(["the", "and", "with", "of", "is", "in", "for", "to", "on", "this", "near", "has"]);
const SERBIAN_WORDS = new Set(["i", "je", "u", "na", "sa", "za", "se", "od", "do", "stan", "kod", "ima", "nalazi"]);

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export function textLanguage(text: string): Locale | null {
  const lower = text.toLowerCase();
  const cyrillic = count(lower, CYRILLIC);
  const latin = count(lower, LATIN);
  if (cyrillic === 0 && latin === 0) return null;
  if (cyrillic >= latin) {
    const russian = count(lower, RUSSIAN_ONLY);
    const serbian = count(lower, SERBIAN_CYRILLIC_ONLY);
    if (russian === serbian) return null;
    return russian > serbian ? "ru" : "sr";
  }
  let english = 0;
  let serbian = count(lower, SERBIAN_LATIN_LETTERS);
  for (const word of lower.split(/[^\p{L}]+/u)) {
    if (ENGLISH_WORDS.has(word)) english++;
    else if (SERBIAN_WORDS.has(word)) serbian++;
  }
  if (english === serbian) return null;
  return english > serbian ? "en" : "sr";
}
