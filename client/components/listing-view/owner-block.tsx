import { Suspense } from "react";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import styles from "#client/components/listing-facts/listing-facts.module.css";

// Who offers it: out of the page's first load, rendered in place by the server.
const AdvertiserFacts = lazyComponent(() => import("#client/components/listing-facts/advertiser-facts.tsx"));

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
        <Suspense fallback={null}>
          <AdvertiserFacts advertiser={advertiser} />
        </Suspense>
      </div>
      <p className={styles.since}>{t("detail.owner.previewNote")}</p>
    </section>
  );
}
