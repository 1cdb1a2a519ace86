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
import { keptAccountHtml, useVisitor } from "#client/visitor.ts";
import styles from "./site-header.module.css";

// Guests never load the account's link, the unread badge and the sign-out form; the server renders them in
// place for the signed in.
const AccountTools = lazyComponent(() => import("./account-tools.tsx"));
const MessagesEntry = lazyComponent(() => import("./messages-entry.tsx"));

export function SiteHeader() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const visitor = useVisitor();
  const nav = [
    { to: paths.list("sale", "apartment"), label: t("nav.buy") },
    { to: paths.list("rent", "apartment"), label: t("nav.rent") },
    { to: paths.search(), label: t("nav.search") },
    { to: paths.media(), label: t("nav.media") },
    // An icon in the wide row (site-header.module.css), its name kept.
    { to: paths.page("favourites"), label: t("nav.favourites"), icon: "heart" },
  ];
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        {t("nav.skipToContent")}
      </a>
      <div className={styles.bar}>
        <Link to={lp(paths.home())} className={styles.logo} aria-label={t("nav.home")}>
          <LogoMark />
          <span aria-hidden="true" className={styles.logoName}>
            {t("site.name")}
          </span>
        </Link>
        {/*
          One row on every screen: on narrow ones the sections and the languages fold into a
          native <details> menu (no JavaScript needed); on wide ones it shows its content in the row.
        */}
        <HeaderMenu>
          <nav aria-label={t("nav.main")} className={styles.nav}>
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={lp(item.to)}
                    className={({ isActive }) => (isActive ? styles.active : undefined)}
                    title={item.icon ? item.label : undefined}
                    data-icon={item.icon}
                  >
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
              {/* Its address comes with the root data: the private paths stay out of every page's first load. */}
              {visitor.user && visitor.messagesPath ? (
                <Suspense fallback={null}>
                  <MessagesEntry to={visitor.messagesPath} unread={visitor.unreadMessages ?? 0} />
                </Suspense>
              ) : null}
            </ul>
          </nav>
          <LanguageSwitcher />
        </HeaderMenu>
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
          <Account />
        </div>
      </div>
    </header>
  );
}

/**
 * The menu of narrow screens: a `<details>` whose summary is the menu button (open and closed without
 * JavaScript); with it, following a link or Escape closes it. On wide screens the summary is hidden and
 * the content shows in the row (site-header.module.css).
 */
function HeaderMenu({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <details
      className={styles.menu}
      data-testid="header-menu"
      onClick={(event) => {
        if ((event.target as Element).closest("a")) event.currentTarget.open = false;
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
      }}
    >
      <summary className={styles.menuButton} aria-label={t("header.menu")} title={t("header.menu")}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <div className={styles.menuPanel}>{children}</div>
    </details>
  );
}

/**
 * The visitor's account in the header (decision 007), rendered on the server from the root data — no
 * flash of a signed-out header. Signed out, a link opening the sign-in dialog over this page; signed in,
 * the account's link, unread badge and sign-out form: code only signed-in visitors load.
 */
function Account() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const kept = Boolean(useRouteLoaderData<RootData>("root")?.kept);
  const { user } = useVisitor();
  if (!user) {
    return (
      <>
        <Link
          to={withAuthParams(pathname, search, "signin")}
          preventScrollReset
          className={styles.signIn}
          rel="nofollow"
          data-visitor="signin"
        >
          {t("auth.header.signin")}
        </Link>
        {/*
          A kept page's account for a browser without JavaScript, written at the edge (decision 094) and
          styled as the account's own parts; React leaves its content alone and replaces it with the account below.
        */}
        {kept ? (
          <div
            className={styles.account}
            data-visitor="account"
            dangerouslySetInnerHTML={NOTHING}
            suppressHydrationWarning
          />
        ) : null}
      </>
    );
  }
  return (
    <div className={styles.account}>
      <Suspense
        fallback={
          kept ? <div className={styles.account} dangerouslySetInnerHTML={{ __html: keptAccountHtml() }} /> : null
        }
      >
        <AccountTools user={user} />
      </Suspense>
    </div>
  );
}

const NOTHING = { __html: "" };
