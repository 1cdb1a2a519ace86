import { NavLink } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./site-header.module.css";

const ENVELOPE = "M3.5 6.5h17v11h-17zM3.5 7l8.5 6.5L20.5 7";

/**
 * The signed-in person's messages among the header's sections, with what is unread: an icon
 * in the wide row, a line of the narrow screens' menu. A lazy chunk guests never load, rendered in place.
 */
export default function MessagesEntry({ to, unread }: { to: string; unread: number }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const label = t("header.messages");
  return (
    <li>
      <NavLink to={lp(to)} className={({ isActive }) => (isActive ? styles.active : undefined)} title={label}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d={ENVELOPE} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span className={styles.iconLabel}>{label}</span>
        {unread ? (
          <span className={styles.count}>
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{t("header.unread", { count: unread })}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}
