import { Suspense } from "react";
import { Link } from "react-router";
import { paths } from "#shared/paths.ts";
import { srcsetOf } from "#shared/photo-variants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { lazyComponent } from "#client/lazy-component.tsx";
import type { RootData } from "#client/root-data.ts";
import SignOutForm from "./sign-out-form.tsx";
import styles from "./site-header.module.css";

// A chunk of its own, so that what it brings (the live channel, its stylesheet) is not in the list of
// files every page names for this lazy module.
const UnreadBadge = lazyComponent(() => import("./unread-badge.tsx"));

/** The header's circle (site-header.module.css `.avatar`), for the picture's `sizes`. */
const PICTURE_PX = 36;

/**
 * What the header shows a signed-in visitor — their profile picture or the name's initial (the name is
 * the link's accessible name and tooltip; the bar has no room for it beside the navigation) linking to the
 * cabinet, staff's link to the back office, the unread messages' badge over its corner (decision 039) and the sign-out form: lazy chunks that
 * guests never load (decision 037), rendered in place by the server.
 */
export default function AccountTools({ user }: { user: NonNullable<RootData["user"]> }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const name = user.name.trim() || t("auth.header.noName");
  const [smallest] = user.image_variants;
  return (
    <>
      {user.roles.length > 0 ? (
        // An icon in the one-row header, named by its hidden label and tooltip.
        <Link
          to={lp(paths.backOffice())}
          className={styles.backOffice}
          title={t("auth.header.backOffice")}
          data-testid="back-office-link"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6z M8.5 12l2.5 2.5 4.5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{t("auth.header.backOffice")}</span>
        </Link>
      ) : null}
      <Link
        to={lp(paths.cabinet.main())}
        className={styles.user}
        aria-label={t("auth.header.account", { name })}
        title={name}
      >
        <span className={styles.avatar} aria-hidden="true">
          {smallest ? (
            // The link names the account; the picture only decorates it, in the initial's fixed circle.
            <img
              className={styles.picture}
              src={smallest.url}
              srcSet={srcsetOf(user.image_variants)}
              sizes={`${PICTURE_PX}px`}
              width={PICTURE_PX}
              height={PICTURE_PX}
              alt=""
            />
          ) : (
            initialOf(name)
          )}
        </span>
      </Link>
      <Suspense fallback={null}>
        <UnreadBadge />
      </Suspense>
      <SignOutForm />
    </>
  );
}

function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();
}
