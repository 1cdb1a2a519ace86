import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./breadcrumbs.module.css";

/** One step of the trail: its name and the page's path with the locale segment (`lp(...)`). */
export interface Crumb {
  name: string;
  path: string;
  /** Language of the name when it is not the page's (a listing's own title). */
  lang?: string;
}

/**
 * Schema.org `BreadcrumbList` of a trail, with absolute URLs; for a route's `meta` through
 * `jsonLdMeta` (`#client/components/json-ld/json-ld.tsx`).
 */
export function breadcrumbList(crumbs: readonly Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

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
