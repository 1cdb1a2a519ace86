import type { ReactNode } from "react";
import { Link } from "react-router";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import type { ApiPreview } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./listing-state-banner.module.css";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What state a listing shown in a preview is in, on top of it: a draft, waiting for review, public (since
 * when, until when, and its public page), rejected (with the moderator's reason from the list and/or
 * words) or archived; and changes to it that wait for a moderator or were refused (decision 053). `children`
 * are what can be done about it.
 */
export function ListingStateBanner({
  listing,
  children,
}: {
  listing: Pick<ApiPreview, "status" | "rejection_reason" | "rejection_code" | "expires_at" | "path" | "revision">;
  children?: ReactNode;
}) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const date = (ms: number) => intl.formatDate(new Date(ms), { dateStyle: "long" });
  const expires = Date.parse(listing.expires_at);
  return (
    <section
      className={`${styles.banner} ${styles[listing.status] ?? ""}`}
      aria-labelledby="listing-state"
      data-testid="listing-state"
      data-status={listing.status}
    >
      {/* Not a heading: the listing's title is the page's first one. */}
      <p id="listing-state" className={styles.heading}>
        <strong>{t("listingState.label", { status: listing.status })}</strong>
      </p>
      {listing.status === "active" ? (
        <p>
          {/* Approval publishes a listing for LISTING_RUN_DAYS days: it went public that long before it expires. */}
          {t("listingState.active", { since: date(expires - LISTING_RUN_DAYS * DAY_MS), expires: date(expires) })}{" "}
          {listing.path ? <Link to={lp(listing.path)}>{t("listingState.publicPage")}</Link> : null}
        </p>
      ) : listing.status === "rejected" ? (
        <>
          <p>{t("listingState.rejected")}</p>
          {/* The page loads the labels' scope, `moderation.rejectionCode`. */}
          {listing.rejection_code ? (
            <p data-testid="rejection-code">
              <strong>{t(`moderation.rejectionCode.${listing.rejection_code}`)}</strong>
            </p>
          ) : null}
          {listing.rejection_reason ? (
            <blockquote className={styles.reason} data-testid="rejection-reason">
              {listing.rejection_reason}
            </blockquote>
          ) : null}
        </>
      ) : (
        <p>{t(`listingState.${listing.status}`)}</p>
      )}
      {listing.revision ? (
        <div data-testid="listing-changes" data-status={listing.revision.status}>
          <p>{t(`listingState.changes.${listing.revision.status}`)}</p>
          {listing.revision.rejection_code ? (
            <p>
              <strong>{t(`moderation.rejectionCode.${listing.revision.rejection_code}`)}</strong>
            </p>
          ) : null}
          {listing.revision.rejection_reason ? (
            <blockquote className={styles.reason}>{listing.revision.rejection_reason}</blockquote>
          ) : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
