import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./article.module.css";

/** Page numbers shown around the current one, plus the first and the last. */
const WINDOW = 2;

/** `path?page=N`, page 1 without the query so it has one URL only. */
export const pagePath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/** The pages to show: 1, …, current ± WINDOW, …, last (null marks a gap). */
export function pageItems(page: number, pages: number): (number | null)[] {
  const items: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= WINDOW) items.push(p);
    else if (items.at(-1) !== null) items.push(null);
  }
  return items;
}

/** Crawlable page links (plain `<a href>`s) under a list; nothing when everything fits on one page. */
export function Pager({ path, page, pages, label }: { path: string; page: number; pages: number; label: string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={pagePath(path, page - 1)} rel="prev">
              {t("media.pager.previous")}
            </Link>
          </li>
        ) : null}
        {pageItems(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={styles.current}>
                  <span className="visually-hidden">{t("media.pager.page", { page: p })}</span>
                  <span aria-hidden="true">{p}</span>
                </span>
              ) : (
                <Link to={pagePath(path, p)} aria-label={t("media.pager.page", { page: p })}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={pagePath(path, page + 1)} rel="next">
              {t("media.pager.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
