import { preload } from "react-dom";
import type { ApiArticle } from "#shared/api/content.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import { ArticleByline, ArticleGrid } from "./article-card.tsx";
import { TagNav } from "./tag-nav.tsx";
import styles from "./article.module.css";

/** The hero picture's width: the text column's, at most its largest variant. */
const HERO_SIZES = "(min-width: 48rem) 46rem, 100vw";

/** An article page's body: heading, lead, byline, picture, paragraphs, its tags and related articles. */
export function ArticleView({ article }: { article: ApiArticle }) {
  const { t } = useI18n();
  // The picture is the page's largest paint: ask for it from the head, before the body arrives.
  preload(article.image, {
    as: "image",
    fetchPriority: "high",
    ...(article.image_srcset ? { imageSrcSet: article.image_srcset, imageSizes: HERO_SIZES } : {}),
  });
  const tags = article.breadcrumbs.map((crumb, i) => ({
    id: crumb.id,
    parent_id: i ? article.breadcrumbs[i - 1]!.id : null,
    depth: i + 1,
    slug: crumb.slug,
    name: crumb.name,
    path: crumb.path,
  }));
  return (
    <>
      <article className={styles.article} aria-labelledby="article-title">
        <header>
          <h1 id="article-title">{article.title}</h1>
          <p className={styles.lead}>{article.lead}</p>
          <ArticleByline article={article} author />
        </header>
        <img
          className={styles.hero}
          src={article.image}
          srcSet={article.image_srcset ?? undefined}
          sizes={article.image_srcset ? HERO_SIZES : undefined}
          width={ARTICLE_IMAGE_WIDTH}
          height={ARTICLE_IMAGE_HEIGHT}
          alt=""
          fetchPriority="high"
          decoding="async"
        />
        {/* Rendered by the worker from Markdown with raw HTML and unsafe links switched off (decision 059). */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: article.body_html }} />
        <footer className={styles.articleFooter}>
          <h2 className={styles.footerHeading}>{t("media.articleTags")}</h2>
          <TagNav tags={tags} label={t("media.articleTags")} />
        </footer>
      </article>
      {article.related.length ? (
        <section className={styles.related} aria-labelledby="related-articles">
          <h2 id="related-articles">{t("media.related")}</h2>
          <ArticleGrid articles={article.related} headingLevel={3} />
        </section>
      ) : null}
    </>
  );
}
