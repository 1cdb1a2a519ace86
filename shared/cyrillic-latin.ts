/**
 * Cyrillic in Latin letters: Serbian's own Latin letter for each Serbian Cyrillic one (one letter or
 * digraph each way), and for the Russian letters Serbian has not, the nearest Serbian Latin spelling.
 */
const LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "đ",
  е: "e",
  ё: "e",
  ж: "ž",
  з: "z",
  и: "i",
  й: "j",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "ć",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "č",
  џ: "dž",
  ш: "š",
  щ: "šč",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "ju",
  я: "ja",
};

/** The text with its Cyrillic letters in Latin; a capital's digraph is capitalised as a word begins ("Љ" → "Lj"). */
export function cyrillicToLatin(value: string): string {
  return value.replace(/[\u0400-\u04FF]/g, (letter) => {
    const lower = letter.toLowerCase();
    const latin = LATIN[lower];
    if (latin === undefined) return letter;
    return letter === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  });
}
