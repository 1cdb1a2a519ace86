import type { ApiListingAdvertiser } from "#shared/api/advertiser.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./listing-facts.module.css";

/**
 * Who offers the listing (decision 087), under the owner's name in its block: "Owner" or the agency's
 * name with the "Licensed agency" badge once a moderator checked its licence, "Phone verified", and the
 * month the account joined. Server-rendered text: no code of its own in the page.
 */
export function AdvertiserFacts({ advertiser }: { advertiser: ApiListingAdvertiser }) {
  const { t, intl } = useI18n();
  const since = intl.formatDate(advertiser.since, { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <div className={styles.advertiser}>
      <p data-testid="detail-advertiser">
        {advertiser.type === "agency" && advertiser.name ? advertiser.name : t("detail.advertiser.owner")}
        {advertiser.licensed ? <span className={styles.licensed}>{t("detail.advertiser.licensed")}</span> : null}
      </p>
      {advertiser.phone_verified ? <p className={styles.verified}>{t("detail.advertiser.phoneVerified")}</p> : null}
      <p className={styles.since}>{t("detail.owner.since", { since })}</p>
    </div>
  );
}
