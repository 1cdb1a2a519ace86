/** A favourite taken off the site (worker/db/favourites.ts), in the API's shape. */
import type { ApiUnavailableFavourite } from "#shared/api/favourites.ts";
import type { Locale } from "#shared/locales.ts";
import type { FavouriteSummaryRow } from "#worker/db/favourites.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";

/**
 * Named by the title composed from the facts in `locale` (decision 032), never the owner's own: that text
 * may since have been rejected.
 */
export function toUnavailableFavourite(
  row: FavouriteSummaryRow,
  locale: Locale,
  savedAt: string,
): ApiUnavailableFavourite {
  const { title, title_lang } = shownTitle({ ...row, title: null, title_generated: 1, lang: null }, locale);
  return {
    id: row.id,
    deal: row.deal,
    type: row.property_type,
    title: title ?? "",
    title_lang,
    price: row.price,
    city: { slug: row.city_slug, name: row.city_name },
    district: row.district_slug ? { slug: row.district_slug, name: row.district_name ?? row.district_slug } : null,
    available: false,
    archive_reason: row.archive_reason,
    saved_at: savedAt,
  };
}
