import { Link } from "react-router";
import { type StaticPage, STATIC_PAGES } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./site-footer.module.css";

const FOOTER_PAGES: StaticPage[] = [
  "about",
  "faq",
  "privacyPolicy",
  "userAgreement",
  "moderationAdvice",
  "adCreationPolicy",
  "safety",
  "trust",
];

export function SiteFooter() {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t("nav.footer")}>
          <ul>
            {FOOTER_PAGES.map((page) => (
              <li key={page}>
                <Link to={lp(STATIC_PAGES[page])}>{t(`page.${page}.title`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.note}>{t("footer.note", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
