import { Form, useLocation } from "react-router";
import { isNotFoundDetail } from "#shared/not-found.ts";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { LostHouse, BrokenTools } from "./illustrations.tsx";
import styles from "./error-screen.module.css";

/**
 * Product §2 "Page not found", with a working search form that leads to the search page; `detail` is the route
 * error's data, read here (a lazy part) so that no healthy page carries the check.
 */
export function NotFoundScreen({ detail }: { detail?: unknown }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <section className={styles.screen} aria-labelledby="error-heading">
      <title>{`${t("error.notFound.heading")} | ${t("site.name")}`}</title>
      <meta name="robots" content="noindex" />
      <LostHouse className={styles.illustration} />
      <div className={styles.body}>
        <p className={styles.code}>{t("error.notFound.code")}</p>
        <h1 id="error-heading">{t("error.notFound.heading")}</h1>
        <p>{t("error.notFound.text")}</p>
        {isNotFoundDetail(detail) ? (
          <p className={styles.detail}>
            {t(detail.kind === "locale" ? "error.notFound.locale" : "error.notFound.route", { path: detail.path })}
          </p>
        ) : null}
        <Form method="get" action={lp(paths.search())} role="search" className={styles.search}>
          <label htmlFor="not-found-q">{t("error.notFound.searchLabel")}</label>
          <div className={styles.row}>
            <input id="not-found-q" name="q" type="search" enterKeyHint="search" autoComplete="off" />
            <button type="submit">{t("error.notFound.searchButton")}</button>
          </div>
        </Form>
      </div>
    </section>
  );
}

/** Product §2 "Service unavailable": "{code} error" when a code exists. */
export function UnavailableScreen({ status }: { status?: number }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  return (
    <section className={styles.screen} aria-labelledby="error-heading">
      <title>{`${t("error.unavailable.heading")} | ${t("site.name")}`}</title>
      <meta name="robots" content="noindex" />
      <BrokenTools className={styles.illustration} />
      <div className={styles.body}>
        {status ? <p className={styles.code}>{t("error.unavailable.code", { code: status })}</p> : null}
        <h1 id="error-heading">{t("error.unavailable.heading")}</h1>
        <p>{t("error.unavailable.text")}</p>
        {/* Document loads, JavaScript or not: the page asked for again, or the home page. */}
        <p className={styles.actions}>
          <a href={pathname + search} className={styles.retry} data-testid="error-retry">
            {t("error.unavailable.retry")}
          </a>
          <a href={lp(paths.home())} className={styles.home}>
            {t("error.unavailable.home")}
          </a>
        </p>
      </div>
    </section>
  );
}
