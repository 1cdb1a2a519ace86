import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageWindow } from "./page-window.ts";
import styles from "./pagination.module.css";

interface Props {
  page: number;
  /** Null when the number of pages is not known (a total that is a lower bound). */
  lastPage: number | null;
  hasNext: boolean;
  /** The localized URL of a page. */
  hrefFor: (page: number) => string;
  /** Keeps the scroll position on client navigation (the results take focus instead). */
  preventScrollReset?: boolean;
}

/**
 * Crawlable page links: previous/next (rel prev/next), the first and last page, the current page's
 * neighbours and gaps; the current page is marked `aria-current="page"`.
 */
export function Pagination({ page, lastPage, hasNext, hrefFor, preventScrollReset }: Props) {
  const { t, intl } = useI18n();
  if (page === 1 && !hasNext) return null;
  const slots = pageWindow(page, lastPage);
  if (!hasNext && slots.at(-1) !== page) slots.splice(slots.indexOf(page) + 1);
  return (
    <nav className={styles.pager} aria-label={t("search.pagination")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" preventScrollReset={preventScrollReset}>
              <span aria-hidden="true">‹ </span>
              {t("search.prev")}
            </Link>
          </li>
        ) : null}
        {slots.map((slot, index) =>
          slot === "gap" ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <Link
                to={hrefFor(slot)}
                aria-current={slot === page ? "page" : undefined}
                aria-label={t("search.page", { page: slot })}
                preventScrollReset={preventScrollReset}
              >
                {intl.formatNumber(slot, { useGrouping: false })}
              </Link>
            </li>
          ),
        )}
        {hasNext ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" preventScrollReset={preventScrollReset}>
              {t("search.next")}
              <span aria-hidden="true"> ›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
