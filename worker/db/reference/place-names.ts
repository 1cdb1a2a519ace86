/**
 * Place names the gazetteer derives when no curated name exists (decision 056): Russian Cyrillic from
 * the Serbian Latin name, and URL slugs. Pure functions, the same output for the same input forever:
 * the committed reference file (decision 055) is generated with them, and a slug never changes once shipped.
 */

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Serbian Latin letter (lowercase) → Russian Cyrillic, after the digraphs and j are handled. */
const LETTERS: Record<string, string> = {
  a: "а",
  b: "б",
  c: "ц",
  č: "ч",
  ć: "ч",
  d: "д",
  đ: "дж",
  e: "е",
  f: "ф",
  g: "г",
  h: "х",
  i: "и",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  r: "р",
  s: "с",
  š: "ш",
  t: "т",
  u: "у",
  v: "в",
  z: "з",
  ž: "ж",
  // Letters of names in other languages of Serbia (Hungarian, Albanian, Slovak), read as a Russian would.
  á: "а",
  é: "е",
  í: "и",
  ó: "о",
  ö: "ё",
  ő: "ё",
  ú: "у",
  ü: "ю",
  ű: "ю",
  ë: "е",
  ç: "ч",
  q: "к",
  w: "в",
  x: "кс",
  y: "и",
};

/** A soft consonant before a vowel: la → ля, le → ле, li → ли, lo → лё, lu → лю. */
const SOFT_VOWEL: Record<string, string> = { a: "я", e: "е", i: "и", o: "ё", u: "ю" };
/** j before a vowel: ja → я, je → е, ju → ю, jo → йо, ji → йи. */
const IOTATED: Record<string, string> = { a: "я", e: "е", i: "йи", o: "йо", u: "ю" };

/** Ð (U+00D0, as GeoNames sometimes spells Đ) is the Serbian letter Đ. */
export const normalizeSerbianLatin = (name: string) => name.replaceAll("Ð", "Đ").replaceAll("ð", "đ").normalize("NFC");

function transliterateWord(word: string): string {
  const lower = word.toLowerCase();
  let out = "";
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i]!;
    const next = lower[i + 1];
    const prev = lower[i - 1];
    if ((ch === "l" || ch === "n") && next === "j") {
      // lj, nj: soft before a vowel (Kraljevo → Кралево, Zrenjanin → Зренянин), a soft sign otherwise.
      const vowel = lower[i + 2];
      if (vowel && VOWELS.has(vowel)) {
        out += LETTERS[ch] + SOFT_VOWEL[vowel]!;
        i += 2;
      } else {
        out += `${LETTERS[ch]}ь`;
        i += 1;
      }
    } else if (ch === "d" && next === "ž") {
      out += "дж";
      i += 1;
    } else if (ch === "j") {
      if (next && VOWELS.has(next)) {
        // Jagodina → Ягодина, Jelenča → Еленча, Kragujevac → Крагуевац.
        out += IOTATED[next]!;
        i += 1;
      } else out += "й";
    } else if (ch === "e" && (prev === undefined || VOWELS.has(prev))) {
      out += "э"; // Elemir → Элемир, Ečka → Эчка
    } else out += LETTERS[ch] ?? ch;
  }
  return word[0] === word[0]?.toLowerCase() ? out : out.charAt(0).toUpperCase() + out.slice(1);
}

/**
 * Serbian Latin → Russian Cyrillic as Russian writes Serbian places (Нови-Сад, Сремска-Митровица): the
 * letters by the table above, lj/nj soft, j iotating the vowel after it, a word-initial e as э, and the
 * words of a name joined by hyphens.
 */
export function serbianLatinToRussian(name: string): string {
  return normalizeSerbianLatin(name)
    .trim()
    .split(/\s+/)
    .map((word) => word.split("-").map(transliterateWord).join("-"))
    .join("-");
}

/** Lowercase ASCII with hyphens: č ć → c, š → s, ž → z, đ → dj, other accents dropped (Novi Sad → novi-sad). */
export function placeSlug(name: string): string {
  return normalizeSerbianLatin(name)
    .toLowerCase()
    .replaceAll("đ", "dj")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
