import { useLocation, useRouteLoaderData } from "react-router";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { paths } from "#shared/paths.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { RootData } from "#client/root-data.ts";
import styles from "./listing-facts.module.css";

/** The locale home with the sign-in dialog open and `next` = this page, as the guards send people. */
export function signInHref(homePath: string, next: string): string {
  const query = new URLSearchParams({ [AUTH_DIALOG_PARAM]: "signin" });
  const safe = safeNextPath(next);
  if (safe) query.set(NEXT_PARAM, safe);
  return `${homePath}?${query}`;
}

/**
 * Who offers the listing and how to reach them. The phone number never reaches the page: signed-out
 * visitors are asked to sign in; signed-in visitors will reveal it (a paid call) and write messages once
 * those endpoints exist — until then the buttons are shown disabled with a note saying so.
 */
export function OwnerContact({ owner }: { owner: ApiListingDetail["owner"] }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const signedIn = Boolean(root?.user);
  const year = new Date(owner.member_since).getUTCFullYear();
  const href = signInHref(lp(paths.home()), pathname);

  return (
    <section className={styles.owner} aria-labelledby="detail-owner" data-testid="detail-owner">
      <h2 id="detail-owner">{t("detail.owner.heading")}</h2>
      <div>
        <p className={styles.ownerName}>{owner.name}</p>
        <p className={styles.since}>{t("detail.owner.since", { year: String(year) })}</p>
      </div>
      {signedIn ? (
        <>
          <div className={styles.contactActions}>
            <button type="button" className={styles.button} disabled aria-describedby="detail-owner-note">
              {t("detail.owner.showPhone")}
            </button>
            <button type="button" className={styles.secondary} disabled aria-describedby="detail-owner-note">
              {t("detail.owner.write")}
            </button>
          </div>
          <p id="detail-owner-note" className={styles.note}>
            {t("detail.owner.soon")}
          </p>
        </>
      ) : (
        <>
          <div className={styles.contactActions}>
            <a className={styles.button} href={href} rel="nofollow">
              {t("detail.owner.showPhone")}
            </a>
            <a className={styles.secondary} href={href} rel="nofollow">
              {t("detail.owner.write")}
            </a>
          </div>
          <p className={styles.note}>{t("detail.owner.signIn")}</p>
        </>
      )}
    </section>
  );
}
