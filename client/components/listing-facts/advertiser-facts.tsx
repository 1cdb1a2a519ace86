import type { ApiListingAdvertiser } from "#shared/api/advertiser.ts";
import { Link } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
// The detail's own stylesheet, loaded with the page: this module's code comes after the page's.
import styles from "./listing-facts.module.css";

/**
 * Who offers the listing (decision 087), under the owner's name in its block: "Owner" or the agency's
 * name with the "Licensed agency" badge once a moderator checked its licence (linked to its page), "Phone verified", and the
 * month the account joined. Server-rendered; its code comes after the page's first load (`lazyComponent`).
 */
export default function AdvertiserFacts({ advertiser }: { advertiser: ApiListingAdvertiser }) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const since = intl.formatDate(advertiser.since, { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <>
      {/* A private owner's name is null here: the API gives an agency's only. */}
      <p data-testid="detail-advertiser">
        {/* An agency with a public page is linked to it (decision 103). */}
        {advertiser.page && advertiser.name ? (
          <Link to={lp(advertiser.page)} data-testid="detail-agency-link">
            {advertiser.name}
          </Link>
        ) : (
          (advertiser.name ?? t("detail.advertiser.owner"))
        )}
        {advertiser.licensed ? <span className={styles.licensed}>{t("detail.advertiser.licensed")}</span> : null}
      </p>
      {advertiser.phone_verified ? <p className={styles.verified}>{t("detail.advertiser.phoneVerified")}</p> : null}
      <p className={styles.since}>{t("detail.owner.since", { since })}</p>
    </>
  );
}
