import { ArticleGrid } from "#client/components/article/article-card.tsx";
import { ArticleView } from "#client/components/article/article-view.tsx";
import { Pager } from "#client/components/article/pager.tsx";
import { articleJsonLd, breadcrumbJsonLd } from "#client/components/article/structured-data.ts";
import { Breadcrumbs, type Crumb, TagNav } from "#client/components/article/tag-nav.tsx";
import styles from "#client/components/article/article.module.css";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { notFound, unavailable } from "#client/http-errors.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { metaMessage, pageMeta, rootData } from "#client/seo.ts";
import type { ApiTag } from "#shared/api/content.ts";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/media";
import { adjustMeta } from "./media/meta.ts";
import { mediaPage, mediaSegments, resolveMediaPath, tagTrail } from "./media/resolve.ts";

/** Articles per list page (a multiple of 2 and 3, so the grid's rows fill). */
export const ARTICLES_PER_PAGE = 12;

/**
 * `/media/`, `/media/{tag}/…` (up to four tag levels) and `/media/{tag…}/{slug}/` (SPEC §2). The
 * segments are matched against the tag tree; an article must belong to exactly the tag its URL
 * names. Everything on these pages is the page's main content, so the loader waits for it (and can
 * answer 404 for a page past the end) instead of streaming it.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const segments = mediaSegments(params["*"]);
  const page = mediaPage(url);
  if (!segments || page === null) throw notFound(url);
  const { api } = context.get(requestContext);
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
    if (article.slug !== target.slug || article.tag_path.join("/") !== target.tag.path.join("/")) throw notFound(url);
    return { kind: "article" as const, article, trail: tagTrail(target.tag, tags) };
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
}

/** Breadcrumbs of a media page: Home › Media › tags… › the article, when it is one. */
function crumbsOf(trail: readonly ApiTag[], home: string, media: string, article?: Crumb): Crumb[] {
  return [
    { name: home, path: paths.home() },
    { name: media, path: paths.media() },
    ...trail.map((tag) => ({ name: tag.name, path: paths.media(...tag.path) })),
    ...(article ? [article] : []),
  ];
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  const root = rootData(args.matches);
  if (!data || !root) return [];
  const absolute = (path: string) => new URL(localizePath(path, root.locale), root.origin).href;
  const site = metaMessage(args, "site.name");
  const crumbs = (article?: Crumb) =>
    breadcrumbJsonLd(
      crumbsOf(
        data.trail,
        metaMessage(args, "media.breadcrumbs.home"),
        metaMessage(args, "page.media.heading"),
        article,
      ).map((c) => ({
        name: c.name,
        url: absolute(c.path),
      })),
    );

  if (data.kind === "article") {
    const { article } = data;
    const base = pageMeta(args, "mediaSection", { section: article.title });
    const url = absolute(paths.media(...article.tag_path, article.slug));
    return adjustMeta(base, {
      title: `${article.title} | ${site}`,
      description: article.lead,
      extra: [
        { property: "og:type", content: "article" },
        { property: "og:image", content: new URL(article.image, root.origin).href },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { property: "article:published_time", content: article.published_at },
        { "script:ld+json": articleJsonLd(article, { url, origin: root.origin, locale: root.locale, site }) },
        { "script:ld+json": crumbs({ name: article.title, path: paths.media(...article.tag_path, article.slug) }) },
      ],
    });
  }

  const base = data.tag ? pageMeta(args, "mediaSection", { section: data.tag.name }) : pageMeta(args, "media");
  const pageSuffix = data.page > 1 ? ` — ${metaMessage(args, "media.pager.page", { page: data.page })}` : "";
  const heading = data.tag
    ? metaMessage(args, "page.mediaSection.title", { section: data.tag.name })
    : metaMessage(args, "page.media.title");
  return adjustMeta(base, {
    title: `${heading}${pageSuffix} | ${site}`,
    search: data.page > 1 ? `?page=${data.page}` : "",
    extra: [{ property: "og:type", content: "website" }, ...(data.tag ? [{ "script:ld+json": crumbs() }] : [])],
  });
};

export default function Media({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const crumbs = (article?: Crumb) =>
    crumbsOf(loaderData.trail, t("media.breadcrumbs.home"), t("page.media.heading"), article);

  if (loaderData.kind === "article") {
    return (
      <>
        <Breadcrumbs
          crumbs={crumbs({ name: loaderData.article.title, path: "" })}
          label={t("media.breadcrumbs.label")}
        />
        <ArticleView article={loaderData.article} />
      </>
    );
  }

  const { tag, children, topTags, articles, page, pages, total } = loaderData;
  const listPath = lp(tag ? paths.media(...tag.path) : paths.media());
  return (
    <>
      {tag ? <Breadcrumbs crumbs={crumbs()} label={t("media.breadcrumbs.label")} /> : null}
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
            ? `${t("media.articles", { count: total })} — ${t("media.pager.page", { page })}`
            : t("media.articles", { count: total })}
        </h2>
        {articles.length ? (
          <ArticleGrid articles={articles} headingLevel={3} eagerCount={page === 1 ? 3 : 0} />
        ) : (
          <p className={styles.empty}>{t("media.empty")}</p>
        )}
        <Pager path={listPath} page={page} pages={pages} label={t("media.pager.label")} />
      </section>
    </>
  );
}
