import { NavLink, Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { LanguageSwitcher } from "#client/components/language-switcher/language-switcher.tsx";
import { LogoMark } from "./logo.tsx";
import styles from "./site-header.module.css";

export function SiteHeader() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const nav = [
    { to: paths.list("sale", "apartment"), label: t("nav.buy") },
    { to: paths.list("rent", "apartment"), label: t("nav.rent") },
    { to: paths.search(), label: t("nav.search") },
    { to: paths.media(), label: t("nav.media") },
    { to: paths.page("favourites"), label: t("nav.favourites") },
  ];
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        {t("nav.skipToContent")}
      </a>
      <div className={styles.bar}>
        <Link to={lp(paths.home())} className={styles.logo} aria-label={t("nav.home")}>
          <LogoMark />
          <span aria-hidden="true">{t("site.name")}</span>
        </Link>
        <nav aria-label={t("nav.main")} className={styles.nav}>
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={lp(item.to)} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.tools}>
          <LanguageSwitcher />
          <Link to={lp(paths.listing.create())} className={styles.cta}>
            <span aria-hidden="true" className={styles.plus}>
              +
            </span>
            <span className={styles.ctaLabel}>{t("nav.postListing")}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
