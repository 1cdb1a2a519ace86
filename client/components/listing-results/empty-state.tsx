import { Suspense } from "react";
import { Await, Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Suggestion } from "./search-types.ts";
import styles from "./listing-results.module.css";

/**
 * Nothing matched: say so and suggest wider searches that do find something (streamed; when they are
 * late, say that instead and keep the link to all listings).
 */
export default function EmptyState({ suggestions }: { suggestions: Promise<Suggestion[]> | null }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const all = (
    <li>
      <Link to={lp(paths.search())}>{t("search.empty.all")}</Link>
    </li>
  );
  return (
    <div className={styles.empty}>
      <h3>{t("search.empty.title")}</h3>
      <p>{t("search.empty.text")}</p>
      <Suspense fallback={<ul className={`${styles.suggestions} ${styles.pending}`}>{all}</ul>}>
        <Await
          resolve={suggestions}
          errorElement={
            <>
              <p>{t("search.empty.unavailable")}</p>
              <ul className={styles.suggestions}>{all}</ul>
            </>
          }
        >
          {(list) => (
            <ul className={styles.suggestions}>
              {(list ?? []).map((s) => (
                <li key={s.filter}>
                  <Link to={lp(s.href)}>{t("search.widen", { filter: t(`search.filter.${s.filter}`) })}</Link>
                  {s.count !== null ? (
                    <span className={styles.suggestionCount}>
                      {s.exact ? t("search.count", { count: s.count }) : t("search.countAtLeast", { count: s.count })}
                    </span>
                  ) : null}
                </li>
              ))}
              {all}
            </ul>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
