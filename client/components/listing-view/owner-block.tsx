import type { ApiListingDetail } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { AdvertiserFacts } from "#client/components/listing-facts/listing-facts.tsx";
import styles from "#client/components/listing-facts/listing-facts.module.css";

/**
 * The owner block of a listing that is not public: who offers it, as visitors will see it, without the
 * phone and message actions (they act on a public listing only).
 */
export function OwnerBlock({
  owner,
  advertiser,
}: {
  owner: ApiListingDetail["owner"];
  advertiser: ApiListingDetail["advertiser"];
}) {
  const { t } = useI18n();
  return (
    <section className={styles.owner} aria-labelledby="detail-owner" data-testid="detail-owner">
      <h2 id="detail-owner">{t("detail.owner.heading")}</h2>
      <div>
        <p className={styles.ownerName}>{owner.name}</p>
        <AdvertiserFacts advertiser={advertiser} />
      </div>
      <p className={styles.since}>{t("detail.owner.previewNote")}</p>
    </section>
  );
}
