import { Link } from "react-router";
import type { ApiArticleSummary } from "#shared/api/content.ts";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import styles from "./article.module.css";

/** Path of an article: its tag path, then its slug. */
export const articlePath = (article: Pick<ApiArticleSummary, "tag_path" | "slug">) =>
  paths.media(...article.tag_path, article.slug);

/** Date, reading time and (optionally) author of an article, as one muted line. */
export function ArticleByline({ article, author = false }: { article: ApiArticleSummary; author?: boolean }) {
  const { t, intl } = useI18n();
  return (
    <p className={styles.byline}>
      {author ? (
        <>
          <span>{t("media.byAuthor", { author: article.author })}</span>
          <span aria-hidden="true"> · </span>
        </>
      ) : null}
      <time dateTime={article.published_at}>{intl.formatDate(article.published_at, { dateStyle: "long" })}</time>
      <span aria-hidden="true"> · </span>
      <span>{t("media.readingTime", { minutes: article.reading_minutes })}</span>
    </p>
  );
}

/** An article in a list: picture, title (the link), lead, date and reading time. */
function ArticleCard({
  article,
  headingLevel = 2,
  eager = false,
}: {
  article: ApiArticleSummary;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const lp = useLocalePath();
  const Heading = `h${headingLevel}` as const;
  const titleId = `article-${article.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <img
        src={article.image}
        srcSet={article.image_srcset ?? undefined}
        sizes={article.image_srcset ? "(min-width: 60rem) 20rem, 100vw" : undefined}
        width={ARTICLE_IMAGE_WIDTH}
        height={ARTICLE_IMAGE_HEIGHT}
        alt=""
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
      <Heading id={titleId} className={styles.cardTitle}>
        <Link to={lp(articlePath(article))}>{article.title}</Link>
      </Heading>
      <p className={styles.cardLead}>{article.lead}</p>
      <ArticleByline article={article} />
    </article>
  );
}

/** A grid of article cards; the first row's pictures load eagerly when the list opens the page. */
export function ArticleGrid({
  articles,
  headingLevel = 2,
  eagerCount = 0,
}: {
  articles: readonly ApiArticleSummary[];
  headingLevel?: 2 | 3;
  eagerCount?: number;
}) {
  return (
    <ul className={styles.grid}>
      {articles.map((article, i) => (
        <li key={article.id}>
          <ArticleCard article={article} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
