import type { MetaDescriptor } from "react-router";
import { localeEntry } from "#shared/locales.ts";
import { canonicalState, isIndexable, searchLocation } from "#shared/search-query.ts";
import { adjustMeta, pageMetaOf } from "#client/seo.ts";
import type { AppContext } from "#client/app-context.server.ts";
import type { SearchPageData } from "./search-types.ts";

/**
 * `pageMeta` of a search or list page, made to fit its filters: the district and the page number
 * in the title, the count in the description, the canonical URL (and alternates) without the sort
 * order but with the filters that make a landing page, and `noindex, follow` for text searches,
 * heavily filtered URLs and URLs with bad values. Built by the loaders on the server: the browser
 * only places the tags, so none of this code ships to it.
 */
export function searchMeta(
  context: Pick<AppContext, "origin" | "locale" | "texts">,
  url: URL,
  data: SearchPageData,
  key: string,
  values: Record<string, string | number> = {},
): MetaDescriptor[] {
  const { origin, locale } = context;
  const { all: messages, intl } = context.texts;
  const message = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const indexable = isIndexable(data.state, data.invalid);
  const page = { locale, origin, messages, ogLocale: localeEntry(locale).og, pathname: url.pathname };
  const tags = pageMetaOf(page, key, values, { indexable });
  let title = message(`page.${key}.title`, values);
  if (data.district) title = message("search.meta.district", { title, district: data.district.name });
  if (data.state.page > 1) title = message("search.meta.page", { title, page: data.state.page });
  let description = message(`page.${key}.description`, values);
  if (data.totalExact && data.total > 0) description += ` ${message("search.meta.count", { count: data.total })}`;
  const site = message("site.name");
  const qs = searchLocation(canonicalState(data.state)).params.toString();
  return adjustMeta(tags, { title: `${title} | ${site}`, description, search: qs ? `?${qs}` : "" }).map((tag) =>
    "name" in tag && tag.name === "robots" ? { name: "robots", content: "noindex, follow" } : tag,
  );
}
