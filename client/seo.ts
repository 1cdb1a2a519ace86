import type { MetaDescriptor } from "react-router";
import { LOCALES, localizePath, splitLocale } from "#shared/locales.ts";
import { makeIntl, type Texts } from "#shared/intl.ts";
import { previewImage } from "#shared/preview-image.ts";
import { textsOfMatches } from "#client/i18n/intl.tsx";
import type { RootData } from "./root-data.ts";

interface MetaArgsLike {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

export function rootData(matches: MetaArgsLike["matches"]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

/** Formats one message of the page's language inside `meta`, where hooks are not available. */
export function metaMessage(args: MetaArgsLike, id: string, values?: Record<string, string | number>): string {
  const root = rootData(args.matches);
  return root ? makeIntl(root.locale, pageTextsOf(args.matches)).formatMessage({ id }, values) : id;
}

/** The root's site-wide messages with the page's own, as `meta` sees them in its matches. */
function pageTextsOf(matches: MetaArgsLike["matches"]): Texts {
  return Object.assign({}, ...textsOfMatches(matches)) as Texts;
}

/** What page metadata is made from: the page's path and the root data's language, origin and messages. */
export type MetaPage = Pick<RootData, "locale" | "ogLocale" | "origin"> & { messages: Texts; pathname: string };

/**
 * Title, description, canonical and hreflang alternates (en/ru/sr + x-default, absolute URLs) of a
 * page whose texts are `page.{key}.title` / `page.{key}.description`. Private pages get noindex and
 * no alternates.
 */
export function pageMeta(
  args: MetaArgsLike,
  key: string,
  values: Record<string, string | number> = {},
  options: { indexable?: boolean } = {},
): MetaDescriptor[] {
  const root = rootData(args.matches);
  return root
    ? pageMetaOf(
        { ...root, messages: pageTextsOf(args.matches), pathname: args.location.pathname },
        key,
        values,
        options,
      )
    : [];
}

/** `pageMeta` from the page itself: what loaders use to build metadata on the server. */
export function pageMetaOf(
  page: MetaPage,
  key: string,
  values: Record<string, string | number> = {},
  { indexable = true }: { indexable?: boolean } = {},
): MetaDescriptor[] {
  const intl = makeIntl(page.locale, page.messages);
  const site = intl.formatMessage({ id: "site.name" });
  const title = intl.formatMessage({ id: `page.${key}.title` }, values);
  const description = intl.formatMessage({ id: `page.${key}.description` }, values);
  const tags: MetaDescriptor[] = [
    { title: key === "home" ? `${site} — ${title}` : `${title} | ${site}` },
    { name: "description", content: description },
  ];
  if (!indexable) return [...tags, { name: "robots", content: "noindex, nofollow" }];

  const { rest } = splitLocale(page.pathname);
  const url = (path: string) => new URL(path, page.origin).href;
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: url(localizePath(rest, page.locale)) },
    ...LOCALES.map((l) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: l.code,
      href: url(localizePath(rest, l.code)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(rest) },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url(localizePath(rest, page.locale)) },
    { property: "og:site_name", content: site },
    { property: "og:locale", content: page.ogLocale },
  ];
}

/**
 * Adjusts what `pageMeta` / `pageMetaOf` built: a title (site name included; og:title without it) and
 * description of the page's own, a query (`?page=N`, filters) on the canonical, hreflang and og:url,
 * extra tags.
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

/** The picture of a link preview (Open Graph, with the large card): see `previewImage`. */
export function previewImageMeta(
  image: { url: string; width: number; height: number; alt: string },
  origin: string,
): MetaDescriptor[] {
  const preview = previewImage(image);
  return [
    { property: "og:image", content: new URL(preview.url, origin).href },
    { property: "og:image:width", content: String(preview.width) },
    { property: "og:image:height", content: String(preview.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
