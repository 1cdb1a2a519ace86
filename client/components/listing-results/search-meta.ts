import type { MetaDescriptor } from "react-router";
import { canonicalState, isIndexable, searchLocation } from "#shared/search-query.ts";
import { metaMessage, pageMeta } from "#client/seo.ts";
import type { SearchPageData } from "./load-search.ts";

type MetaArgs = Parameters<typeof pageMeta>[0];

/**
 * `pageMeta` of a search or list page, made to fit its filters: the district and the page number
 * in the title, the count in the description, the canonical URL (and alternates) without the sort
 * order but with the filters that make a landing page, and `noindex, follow` for text searches,
 * heavily filtered URLs and URLs with bad values.
 */
export function searchMeta(
  args: MetaArgs,
  data: SearchPageData | undefined,
  key: string,
  values: Record<string, string | number> = {},
): MetaDescriptor[] {
  if (!data) return [];
  const indexable = isIndexable(data.state, data.invalid);
  const tags = pageMeta(args, key, values, { indexable });
  let title = metaMessage(args, `page.${key}.title`, values);
  if (data.district) title = metaMessage(args, "search.meta.district", { title, district: data.district.name });
  if (data.state.page > 1) title = metaMessage(args, "search.meta.page", { title, page: data.state.page });
  let description = metaMessage(args, `page.${key}.description`, values);
  if (data.totalExact && data.total > 0)
    description += ` ${metaMessage(args, "search.meta.count", { count: data.total })}`;
  const site = metaMessage(args, "site.name");
  const qs = searchLocation(canonicalState(data.state)).params.toString();
  const withQuery = (href: string) => (qs ? `${href}?${qs}` : href);

  return tags.map((tag) => {
    const t = tag as Record<string, unknown>;
    if ("title" in t) return { title: `${title} | ${site}` };
    if (t.name === "description") return { name: "description", content: description };
    if (t.name === "robots") return { name: "robots", content: "noindex, follow" };
    if (t.property === "og:title") return { property: "og:title", content: title };
    if (t.property === "og:description") return { property: "og:description", content: description };
    if (t.property === "og:url") return { ...t, content: withQuery(String(t.content)) } as MetaDescriptor;
    if (t.tagName === "link" && (t.rel === "canonical" || t.rel === "alternate")) {
      return { ...t, href: withQuery(String(t.href)) } as MetaDescriptor;
    }
    return tag;
  });
}
