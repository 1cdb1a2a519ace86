/**
 * The seed's generated titles: the site's own generator (shared/listing-title.ts) in the listing's
 * language, so a seeded title reads as a wizard-made one would and the API can compose it again in
 * the visitor's language. Only the generator's message is read from the catalogs (the seed also runs
 * in Node, where shared/text-catalog.ts's JSON imports need attributes).
 */
import { parse } from "@formatjs/icu-messageformat-parser";
import en from "#locales/en.json" with { type: "json" };
import ru from "#locales/ru.json" with { type: "json" };
import sr from "#locales/sr.json" with { type: "json" };
import { type IntlFormatter, makeIntl } from "#shared/intl.ts";
import { generatedListingTitle, type TitleFacts } from "#shared/listing-title.ts";
import type { Locale } from "#shared/locales.ts";

const MESSAGE = "listing.generatedTitle";
const CATALOGS: Record<Locale, Record<string, string>> = { en, ru, sr };
const formatters = new Map<Locale, IntlFormatter>();

export function seedGeneratedTitle(facts: TitleFacts, lang: Locale): string {
  let intl = formatters.get(lang);
  if (!intl) {
    intl = makeIntl(lang, { [MESSAGE]: parse(CATALOGS[lang][MESSAGE]!) });
    formatters.set(lang, intl);
  }
  return generatedListingTitle(facts, intl);
}
