import type { ApiListing } from "#shared/api/realty.ts";
import { localizePath, type Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import type { Crumb } from "#client/components/breadcrumbs/breadcrumb-list.ts";

export type Format = (id: string, values?: Record<string, string | number>) => string;

/** Home › Buy/Rent › type › city › listing, with the locale's paths. */
export function listingCrumbs(listing: ApiListing, locale: Locale, t: Format): Crumb[] {
  const lp = (path: string) => localizePath(path, locale);
  return [
    { name: t("detail.breadcrumbs.home"), path: lp(paths.home()) },
    {
      name: t(listing.deal === "sale" ? "nav.buy" : "nav.rent"),
      path: `${lp(paths.search())}?deal=${listing.deal}`,
    },
    { name: t(`listing.kind.${listing.deal}.${listing.type}`), path: lp(paths.list(listing.deal, listing.type)) },
    { name: listing.city.name, path: lp(paths.list(listing.deal, listing.type, listing.city.slug)) },
    { name: listing.title, path: lp(listing.path), lang: listing.title_lang },
  ];
}
