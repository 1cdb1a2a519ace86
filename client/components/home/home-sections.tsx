import { type ReactNode, Suspense } from "react";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import { Await, Link } from "react-router";
import type { AdvantageIcon } from "#shared/api/admin-content.ts";
import type { ApiAdvantage, ApiArticleSummary, ApiFaq } from "#shared/api/content.ts";
import { paths } from "#shared/paths.ts";
import type { CardListing } from "#client/components/listing-card/card-listing.ts";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { CityOption } from "./home-search.tsx";
import styles from "./home-sections.module.css";

/**
 * A home page section whose data streams in after the shell: a heading, a skeleton of the final
 * height while it loads (no layout shift), nothing at all when the data could not be had.
 */
function Section<T>({
  id,
  title,
  data,
  skeletonClass,
  more,
  children,
}: {
  id: string;
  title: string;
  data: Promise<T | null>;
  skeletonClass: string | undefined;
  more?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.head}>
        <h2 id={id}>{title}</h2>
        {more}
      </div>
      <Suspense fallback={<div className={`${styles.skeleton} ${skeletonClass}`} aria-hidden="true" />}>
        <Await resolve={data} errorElement={<Unavailable />}>
          {(value) => (value ? children(value) : <Unavailable />)}
        </Await>
      </Suspense>
    </section>
  );
}

function Unavailable() {
  const { t } = useI18n();
  return <p className={styles.unavailable}>{t("home.sectionUnavailable")}</p>;
}

// The set editors choose from (ADVANTAGE_ICONS): each has its drawing.
const ICONS: Record<string, ReactNode> & Record<AdvantageIcon, ReactNode> = {
  shield: <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5z M9 12l2 2 4-4" />,
  clock: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M12 7v5l3 3" />,
  photo: <path d="M4 6h16v12H4z M8 14l3-3 5 5 M15 9.5a1 1 0 1 0 .01 0" />,
  price: <path d="M3 12 12 3h9v9l-9 9z M16.5 7.5a1 1 0 1 0 .01 0" />,
  map: <path d="M12 21s-6-5.3-6-10a6 6 0 0 1 12 0c0 4.7-6 10-6 10z M12 8.5a2.5 2.5 0 1 0 .01 0" />,
};

export function Advantages({ data }: { data: Promise<ApiAdvantage[] | null> }) {
  const { t } = useI18n();
  return (
    <Section id="home-advantages" title={t("home.advantages")} data={data} skeletonClass={styles.skeletonShort}>
      {(items) => (
        <ul className={styles.advantages}>
          {items.map((item) => (
            <li key={item.id}>
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
                <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  {ICONS[item.icon] ?? ICONS.shield}
                </g>
              </svg>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ListingShelf({
  id,
  title,
  data,
  now,
  more,
}: {
  id: string;
  title: string;
  data: Promise<CardListing[] | null>;
  now: number;
  more?: ReactNode;
}) {
  return (
    <Section id={id} title={title} data={data} skeletonClass={styles.skeletonCards} more={more}>
      {(items) => (
        // An empty shelf hides its whole section (home-sections.module.css).
        <ul className={styles.cards} hidden={!items.length}>
          {items.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} now={now} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Crawlable links to the lists people look for most: apartments and houses by city. */
export function PopularCities({ data }: { data: Promise<CityOption[] | null> }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const links = [
    { deal: "sale", type: "apartment" },
    { deal: "rent", type: "apartment" },
    { deal: "sale", type: "house" },
  ] as const;
  return (
    <Section id="popular-cities" title={t("home.popularCities")} data={data} skeletonClass={styles.skeletonTall}>
      {(cities) => (
        <ul data-testid="popular-cities" className={styles.cities}>
          {cities.map((city) => (
            <li key={city.slug}>
              <Link to={lp(paths.list("sale", "apartment", city.slug))} className={styles.city}>
                {city.name}
              </Link>
              <ul>
                {links.map((link) => (
                  <li key={`${link.deal}-${link.type}`}>
                    <Link to={lp(paths.list(link.deal, link.type, city.slug))}>
                      {t(`listing.kind.${link.deal}.${link.type}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function MediaTeasers({ data }: { data: Promise<ApiArticleSummary[] | null> }) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  return (
    <Section
      id="home-media"
      title={t("home.media")}
      data={data}
      skeletonClass={styles.skeletonCards}
      more={<Link to={lp(paths.media())}>{t("home.allArticles")}</Link>}
    >
      {(articles) => (
        <ul className={styles.articles}>
          {articles.map((article) => (
            <li key={article.id}>
              <article>
                <img
                  src={article.image}
                  width={ARTICLE_IMAGE_WIDTH}
                  height={ARTICLE_IMAGE_HEIGHT}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <h3>
                  <Link to={lp(paths.media(...article.tag_path, article.slug))}>{article.title}</Link>
                </h3>
                <p>{article.lead}</p>
                <p className={styles.meta}>
                  <time dateTime={article.published_at}>
                    {intl.formatDate(article.published_at, { dateStyle: "medium" })}
                  </time>
                  {" · "}
                  {t("home.readingTime", { minutes: article.reading_minutes })}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function FaqTeaser({ data }: { data: Promise<ApiFaq[] | null> }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <Section
      id="home-faq"
      title={t("home.faq")}
      data={data}
      skeletonClass={styles.skeletonShort}
      more={<Link to={lp(paths.page("faq"))}>{t("home.allQuestions")}</Link>}
    >
      {(items) => (
        <div className={styles.faq}>
          {items.map((item) => (
            <details key={item.id}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </Section>
  );
}
