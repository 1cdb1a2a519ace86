import type { Deal } from "#shared/listing-types.ts";
import { generatedListingTitle } from "#shared/listing-title.ts";
import type { Locale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";

/** What a read of a listing carries for its title: its facts and its place's names in the request's language. */
export interface TitleRow {
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  deal: Deal;
  property_type: string;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  city_name: string | null;
  district_name: string | null;
}

/**
 * A listing's title as the visitor reads it (decision 032): a generated one composed in their language from
 * the facts and the place's names in it; an owner's own as written, in the listing's language. A draft
 * without a place has no generated title yet: its stored one, if any. `readersLanguage` (cards):
 * an owner's title in another language gives way to the generated one in the visitor's.
 */
export function shownTitle<R extends TitleRow>(
  row: R,
  locale: Locale,
  options: { readersLanguage?: boolean } = {},
): { title: R["title"] | string; title_lang: Locale } {
  const ownInOtherLanguage = row.title_generated !== 1 && row.lang !== null && row.lang !== locale;
  const generate = row.title_generated === 1 || (options.readersLanguage === true && ownInOtherLanguage);
  if (!generate || row.city_name === null) return { title: row.title, title_lang: row.lang ?? locale };
  const facts = {
    deal: row.deal,
    type: row.property_type,
    rooms: row.rooms,
    area: row.area,
    land_area: row.land_area,
    city: row.city_name,
    district: row.district_name,
  };
  return { title: generatedListingTitle(facts, textCatalog(locale).intl), title_lang: locale };
}
