/**
 * Whether a page speaks its own language: no raw message id shows anywhere (a text the
 * catalog lacks renders as its id), and a Russian or Serbian page shows no English text from the catalog
 * (a message rendered in the wrong language, or a hard-wired English copy of one). Owner-written text
 * marked with its own `lang` is the owner's words and is left out.
 */
import type { Page } from "playwright-core";
import en from "#locales/en.json" with { type: "json" };
import ru from "#locales/ru.json" with { type: "json" };
import sr from "#locales/sr.json" with { type: "json" };
import type { Locale } from "#shared/locales.ts";

const catalogs: Record<Locale, Record<string, string>> = { en, ru, sr };

/** The texts a visitor meets: text nodes, the title, labels and hints in attributes — in the page's language. */
export function pageTexts(tab: Page): Promise<string[]> {
  return tab.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const own = (element: Element | null) =>
      (element?.closest("[lang]")?.getAttribute("lang") ?? pageLang) === pageLang;
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template") || !own(parent)) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      if (!own(element)) continue;
      for (const name of ["aria-label", "title", "alt", "placeholder"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const MESSAGE_ID = /\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+\b/g;

/** Catalog ids shown as text. */
export function rawMessageIds(texts: readonly string[]): string[] {
  const ids = texts.flatMap((text) => text.match(MESSAGE_ID) ?? []).filter((word) => word in en);
  return [...new Set(ids)];
}

const englishCache = new Map<Locale, string[]>();

/**
 * The English catalog's literal runs (between `{placeholders}`; plural and select messages left out) that
 * the locale's own text of the same message does not also contain, long enough to be English prose.
 */
export function englishRuns(locale: Locale): string[] {
  const cached = englishCache.get(locale);
  if (cached) return cached;
  const local = catalogs[locale];
  const runs = new Set<string>();
  for (const [id, english] of Object.entries(en)) {
    const own = local[id];
    if (own === undefined || own === english || /[{,]\s*(plural|select|selectordinal)\s*,/.test(english)) continue;
    for (const part of english.split(/\{\w+\}/)) {
      const run = part.replace(/\s+/g, " ").trim();
      if (run.length >= 10 && run.split(" ").length >= 2 && /[A-Za-z]{3}/.test(run) && !own.includes(run))
        runs.add(run);
    }
  }
  const list = [...runs];
  englishCache.set(locale, list);
  return list;
}

/** English catalog text on a page in another language, and the Latin "m²" on a Russian one ("м²"). */
export function englishOnPage(locale: Locale, texts: readonly string[]): string[] {
  if (locale === "en") return [];
  const page = texts.map((text) => text.replace(/\s+/g, " ")).join("\n");
  const units = locale === "ru" && /(?<![A-Za-z])m²/.test(page) ? ["m²"] : [];
  return [...englishRuns(locale).filter((run) => page.includes(run)), ...units];
}

/** Everything wrong with a page's language, one line each. */
export function languageFindings(locale: Locale, texts: readonly string[]): string[] {
  return [
    ...rawMessageIds(texts).map((id) => `raw message id: ${id}`),
    ...englishOnPage(locale, texts).map((run) => `English on a ${locale} page: "${run}"`),
  ];
}
