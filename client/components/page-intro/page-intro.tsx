import type { ReactNode } from "react";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./page-intro.module.css";

/** A page's heading and lead, from `page.{key}.heading` / `page.{key}.lead`. */
export function PageIntro({
  pageKey,
  values,
  children,
  compact = false,
}: {
  pageKey: string;
  values?: Record<string, string | number>;
  children?: ReactNode;
  /** Smaller on phones, so that what the page lists starts on the first screen (the search pages). */
  compact?: boolean;
}) {
  const { t } = useI18n();
  return (
    <header className={compact ? `${styles.intro} ${styles.compact}` : styles.intro}>
      <h1>{t(`page.${pageKey}.heading`, values)}</h1>
      <p className={styles.lead}>{t(`page.${pageKey}.lead`, values)}</p>
      {children}
    </header>
  );
}
