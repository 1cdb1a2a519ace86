import { NavLink } from "react-router";
import type { StaffRole } from "#shared/staff-roles.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { sectionsFor } from "./admin-sections.ts";
import styles from "./admin-nav.module.css";

/** The back office's sections the person's roles open; the one the page is in is marked current. */
export function AdminNav({ roles }: { roles: readonly StaffRole[] }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <nav className={styles.nav} aria-label={t("admin.nav.label")}>
      <ul className={styles.list}>
        {sectionsFor(roles).map((section) => (
          <li key={section.key}>
            {/* The dashboard is current only on itself; a section also on the pages under it. */}
            <NavLink to={lp(section.to)} end={section.key === "dashboard"} className={styles.link}>
              {t(`admin.nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
