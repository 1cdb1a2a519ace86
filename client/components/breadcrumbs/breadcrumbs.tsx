import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import type { Crumb } from "./breadcrumb-list.ts";
import styles from "./breadcrumbs.module.css";

/**
 * The trail from the home page to this one: links, with the last step (this page) as plain text
 * marked `aria-current="page"`. Long trails scroll sideways on narrow screens instead of wrapping.
 */
export function Breadcrumbs({ crumbs, label }: { crumbs: readonly Crumb[]; label?: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={label ?? t("detail.breadcrumbs.label")} className={styles.nav}>
      <ol className={styles.list}>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path} className={styles.item}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page" lang={crumb.lang} className={styles.current}>
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.path} lang={crumb.lang}>
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
