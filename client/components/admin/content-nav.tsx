import { NavLink } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./content-nav.module.css";

/** The content section's parts: articles, and the tag tree, FAQ, advantages and tooltips. */
const CONTENT_PARTS = [
  { key: "articles", to: privatePaths.admin.articles() },
  { key: "tags", to: privatePaths.admin.tags() },
  { key: "faq", to: privatePaths.admin.faq() },
  { key: "advantages", to: privatePaths.admin.advantages() },
  { key: "tooltips", to: privatePaths.admin.tooltips() },
] as const;

/** The content section's sub-navigation, the current part marked. */
export function ContentNav() {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <nav className={styles.subnav} aria-label={t("adminArticles.nav.label")}>
      <ul>
        {CONTENT_PARTS.map((part) => (
          <li key={part.key}>
            <NavLink to={lp(part.to)} end>
              {t(`adminArticles.nav.${part.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
