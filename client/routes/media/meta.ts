import type { MetaDescriptor } from "react-router";

/**
 * Adjusts what `pageMeta` built for a media page: a title and description of the page's own
 * (an article's), `?page=N` on the canonical, hreflang and og:url of a later list page, extra tags.
 */
export function adjustMeta(
  tags: MetaDescriptor[],
  {
    title,
    description,
    search = "",
    extra = [],
  }: { title?: string; description?: string; search?: string; extra?: MetaDescriptor[] },
): MetaDescriptor[] {
  const out = tags.map((tag): MetaDescriptor => {
    const t = tag as Record<string, unknown>;
    if (title !== undefined && "title" in t) return { title };
    if (description !== undefined && t.name === "description") return { name: "description", content: description };
    if (title !== undefined && t.property === "og:title")
      return { property: "og:title", content: title.split(" | ")[0] };
    if (description !== undefined && t.property === "og:description")
      return { property: "og:description", content: description };
    if (search && t.tagName === "link" && typeof t.href === "string")
      return { ...t, href: t.href + search } as MetaDescriptor;
    if (search && t.property === "og:url" && typeof t.content === "string")
      return { ...t, content: t.content + search } as MetaDescriptor;
    return tag;
  });
  return [...out, ...extra];
}
