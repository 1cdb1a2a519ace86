import { ArticleGrid, articlePath } from "#client/components/article/article-card.tsx";
import { ArticleView } from "#client/components/article/article-view.tsx";
import { articleJsonLd } from "#client/components/article/structured-data.ts";
import { TagNav } from "#client/components/article/tag-nav.tsx";
import styles from "#client/components/article/article.module.css";
import { breadcrumbList, type Crumb } from "#client/components/breadcrumbs/breadcrumb-list.ts";
import { Breadcrumbs } from "#client/components/breadcrumbs/breadcrumbs.tsx";
import { jsonLdMeta } from "#client/components/json-ld/json-ld.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { adjustMeta, metaMessage, pageMeta, previewImageMeta, rootData } from "#client/seo.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import type { ApiTag } from "#shared/api/content.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/media";
import { mediaPage, mediaSegments, resolveMediaPath, tagTrail } from "./media/resolve.server.ts";
import { RELATED_LISTING_COUNT, relatedSearch, type RelatedSearch } from "./media/related-listings.server.ts";
import { ListingShelf } from "#client/components/home/home-sections.tsx";
import { cardListing, type CardListing } from "#client/components/listing-card/card-listing.ts";
import { secondaryData } from "#client/secondary-data.server.ts";
import { Link, redirect } from "react-router";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";

/** Articles per list page (a multiple of 2 and 3, so the grid's rows fill). */
export const ARTICLES_PER_PAGE = 12;

/** The messages this page shows beyond the site-wide ones. */
// The related listings' shelf says so when its listings could not be read.
const MESSAGES = pageTextScopes(["media", "mediaSection"], "media", "home.sectionUnavailable");

/**
 * `/media/`, `/media/{tag}/…` (up to four tag levels) and `/media/{tag…}/{slug}/` (product §2). The
 * segments are matched against the tag tree; an article must belong to exactly the tag its URL
 * names. Everything on these pages is the page's main content, so the loader waits for it (and can
 * answer 404 for a page past the end) instead of streaming it.
 */
export const loader = withTexts(MESSAGES, async function loader({ params, url, context }: Route.LoaderArgs) {
  const segments = mediaSegments(params["*"]);
  const page = mediaPage(url);
  if (!segments || page === null) throw notFound(url);
  const { api } = context.get(appContext);
  const tagsResult = await api.tags();
  if (!tagsResult.ok) throw unavailable();
  const tags = tagsResult.data.items;
  const target = resolveMediaPath(segments, tags);
  if (!target) throw notFound(url);
  const topTags = tags.filter((tag) => tag.depth === 1);

  if (target.kind === "article") {
    if (url.searchParams.has("page")) throw notFound(url);
    const result = await api.article(target.slug);
    if (!result.ok) throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
    const article = result.data.data;
    if (article.slug !== target.slug) throw notFound(url);
    // The article under another tag (an old `/media/view?tag=&slug=` link names only the top one):
    // one hop to its own address, as listings do.
    if (article.tag_path.join("/") !== target.tag.path.join("/")) {
      throw redirect(localizePath(articlePath(article), splitLocale(url.pathname).locale) + url.search, 301);
    }
    // Listings the article is about, streamed below it; a failed or empty search hides the shelf.
    const cities = await api.cities();
    const related = relatedSearch(article.tag_path, cities.ok ? cities.data.items : []);
    const relatedListings = api
      .searchListings({ deal: related.deal, city: related.city?.slug, per_page: RELATED_LISTING_COUNT, facets: false })
      .then((result) => (result.ok ? result.data.items.map(cardListing) : []));
    return {
      kind: "article" as const,
      article,
      trail: tagTrail(target.tag, tags),
      related,
      relatedListings: secondaryData(relatedListings),
      now: Date.now(),
    };
  }

  const tag = target.kind === "tag" ? target.tag : null;
  const result = await api.articles({ tag: tag?.path.join("/"), page, per_page: ARTICLES_PER_PAGE });
  if (!result.ok) throw result.status === 404 ? notFound(url) : unavailable();
  const { items, total } = result.data;
  const pages = Math.max(1, Math.ceil(total / ARTICLES_PER_PAGE));
  if (page > pages) throw notFound(url);
  return {
    kind: "list" as const,
    tag,
    trail: tag ? tagTrail(tag, tags) : [],
    children: tag ? tags.filter((t) => t.parent_id === tag.id) : [],
    topTags,
    articles: items,
    total,
    page,
    pages,
  };
});

/** `path?page=N`, page 1 without the query so it has one URL only. */
const pagePath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * Breadcrumbs of a media page: Home › Media › tags… › the article, when it is one. Paths carry the
 * locale segment (`localize`).
 */
function crumbsOf(
  trail: readonly ApiTag[],
  names: { home: string; media: string },
  localize: (path: string) => string,
  article?: { name: string; path: string },
): Crumb[] {
  return [
    { name: names.home, path: paths.home() },
    { name: names.media, path: paths.media() },
    ...trail.map((tag) => ({ name: tag.name, path: paths.media(...tag.path) })),
    ...(article ? [article] : []),
  ].map((crumb) => ({ ...crumb, path: localize(crumb.path) }));
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  const root = rootData(args.matches);
  if (!data || !root) return [];
  const localize = (path: string) => localizePath(path, root.locale);
  const absolute = (path: string) => new URL(localize(path), root.origin).href;
  const site = metaMessage(args, "site.name");
  const names = { home: metaMessage(args, "media.breadcrumbs.home"), media: metaMessage(args, "page.media.heading") };
  const crumbs = (article?: { name: string; path: string }) =>
    jsonLdMeta(breadcrumbList(crumbsOf(data.trail, names, localize, article), root.origin));

  if (data.kind === "article") {
    const { article } = data;
    const base = pageMeta(args, "mediaSection", { section: article.title });
    const url = absolute(articlePath(article));
    // Written only in some languages (decision 059): no alternate names a version that is a 404.
    const written = (tag: (typeof base)[number]) => {
      const link = tag as { rel?: string; hrefLang?: string };
      if (link.rel !== "alternate" || !link.hrefLang) return true;
      const language = link.hrefLang === "x-default" ? "en" : link.hrefLang;
      return (article.languages as readonly string[]).includes(language);
    };
    return adjustMeta(base.filter(written), {
      title: `${article.title} | ${site}`,
      description: article.lead,
      extra: [
        { property: "og:type", content: "article" },
        ...previewImageMeta(
          { url: article.image, width: ARTICLE_IMAGE_WIDTH, height: ARTICLE_IMAGE_HEIGHT, alt: article.title },
          root.origin,
        ),
        { property: "article:published_time", content: article.published_at },
        jsonLdMeta(articleJsonLd(article, { url, origin: root.origin, locale: root.locale, site })),
        crumbs({ name: article.title, path: articlePath(article) }),
      ],
    });
  }

  const base = data.tag ? pageMeta(args, "mediaSection", { section: data.tag.name }) : pageMeta(args, "media");
  const pageSuffix = data.page > 1 ? ` — ${metaMessage(args, "media.page", { page: data.page })}` : "";
  const heading = data.tag
    ? metaMessage(args, "page.mediaSection.title", { section: data.tag.name })
    : metaMessage(args, "page.media.title");
  return adjustMeta(base, {
    title: `${heading}${pageSuffix} | ${site}`,
    search: data.page > 1 ? `?page=${data.page}` : "",
    extra: [{ property: "og:type", content: "website" }, ...(data.tag ? [crumbs()] : [])],
  });
};

export default function Media({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const names = { home: t("media.breadcrumbs.home"), media: t("page.media.heading") };
  const crumbs = (article?: { name: string; path: string }) => crumbsOf(loaderData.trail, names, lp, article);

  if (loaderData.kind === "article") {
    return (
      <>
        <Breadcrumbs crumbs={crumbs({ name: loaderData.article.title, path: articlePath(loaderData.article) })} />
        <ArticleView article={loaderData.article} />
        <RelatedListings related={loaderData.related} listings={loaderData.relatedListings} now={loaderData.now} />
      </>
    );
  }

  const { tag, children, topTags, articles, page, pages, total } = loaderData;
  const listPath = lp(tag ? paths.media(...tag.path) : paths.media());
  return (
    <>
      {tag ? <Breadcrumbs crumbs={crumbs()} /> : null}
      {tag ? (
        <PageIntro pageKey="mediaSection" values={{ section: tag.name }} />
      ) : (
        <PageIntro pageKey="media">
          <TagNav tags={topTags} label={t("media.topics")} />
        </PageIntro>
      )}
      {children.length ? (
        <div className={styles.section}>
          <h2 id="media-subtopics">{t("media.subtopics")}</h2>
          <TagNav tags={children} label={t("media.subtopics")} />
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby="media-articles">
        <h2 id="media-articles">
          {page > 1
            ? `${t("media.articles", { count: total })} — ${t("media.page", { page })}`
            : t("media.articles", { count: total })}
        </h2>
        {articles.length ? (
          <ArticleGrid articles={articles} headingLevel={3} eagerCount={page === 1 ? 3 : 0} />
        ) : (
          <p className={styles.empty}>{t("media.empty")}</p>
        )}
        <Pagination page={page} lastPage={pages} hasNext={page < pages} hrefFor={(p) => pagePath(listPath, p)} />
      </section>
    </>
  );
}

/** Listings of the article's place and deal, with the search that shows them all. */
function RelatedListings({
  related,
  listings,
  now,
}: {
  related: RelatedSearch;
  listings: Promise<CardListing[] | null>;
  now: number;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const query = new URLSearchParams({ deal: related.deal, ...(related.city ? { city: related.city.slug } : {}) });
  const href = `${paths.search()}?${query}`;
  const title = related.city
    ? t("media.related.inCity", { deal: related.deal, city: related.city.name })
    : t("media.related.anywhere", { deal: related.deal });
  return (
    <ListingShelf
      id="article-listings"
      title={title}
      data={listings}
      now={now}
      more={<Link to={lp(href)}>{t("media.related.all")}</Link>}
    />
  );
}
