import { Suspense } from "react";
import { NavLink, Link, useLocation, useRouteLoaderData } from "react-router";
import { paths } from "#shared/paths.ts";
import { withAuthParams } from "#client/components/auth-dialog/auth-view.ts";
import type { RootData } from "#client/root-data.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { LanguageSwitcher } from "#client/components/language-switcher/language-switcher.tsx";
import { LogoMark } from "./logo.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import styles from "./site-header.module.css";

// Guests never load the unread badge and the sign-out form; the server renders them in place for the signed in.
const AccountTools = lazyComponent(() => import("./account-tools.tsx"));

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
          {/*
            Plain link: signed out, the wizard's guard asks to sign in first and comes back (`next`).
            On a narrow screen only its "+" shows (the text stays its name and tooltip).
          */}
          <Link
            to={lp(paths.listing.create())}
            className={styles.post}
            title={t("nav.postListing")}
            data-testid="post-listing"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            <span className={styles.postLabel}>{t("nav.postListing")}</span>
          </Link>
          <LanguageSwitcher />
          <Account />
        </div>
      </div>
    </header>
  );
}

/**
 * The visitor's account in the header (issue 6 item 7), rendered on the server from the root data — no
 * flash of a signed-out header. Signed out, a link opening the sign-in dialog over this page; signed in,
 * the name's initial (the name is the link's accessible name and tooltip; the bar has no room for it beside
 * the navigation) linking to the cabinet, with the unread messages' badge over its corner (issue 20), and a
 * sign-out form: code only signed-in visitors load.
 */
function Account() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const user = useRouteLoaderData<RootData>("root")?.user;
  if (!user) {
    return (
      <Link to={withAuthParams(pathname, search, "signin")} preventScrollReset className={styles.signIn} rel="nofollow">
        {t("auth.header.signin")}
      </Link>
    );
  }
  const name = user.name.trim() || t("auth.header.noName");
  return (
    <div className={styles.account}>
      <Link
        to={lp(paths.cabinet.main())}
        className={styles.user}
        aria-label={t("auth.header.account", { name })}
        title={name}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initialOf(name)}
        </span>
      </Link>
      <Suspense fallback={null}>
        <AccountTools />
      </Suspense>
    </div>
  );
}

function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();
}
