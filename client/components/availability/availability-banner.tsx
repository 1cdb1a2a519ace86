import { Form } from "react-router";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { CONFIRM_CYCLE_DAYS } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import styles from "./availability-banner.module.css";

/**
 * The cabinet's banner of availability (decision 084): every active listing of the owner's whose last
 * confirmation is a cycle old, or that is out of search for want of one — whatever tab or page is open —
 * each with "Still available" and "Rented" or "Sold" as plain form posts (the cabinet's action, no script).
 */
export function AvailabilityBanner({
  listings,
  now,
  actionUrl,
}: {
  listings: ApiOwnerListing[];
  now: number;
  /** The page the posts come back to. */
  actionUrl: string;
}) {
  const { t } = useI18n();
  const f = useFormat();
  if (!listings.length) return null;
  return (
    <section className={styles.banner} aria-labelledby="availability-heading" data-testid="availability-banner">
      <h2 id="availability-heading">{t("myListings.availability.heading", { count: listings.length })}</h2>
      <p className={styles.lead}>
        {t("myListings.availability.lead", { rent: CONFIRM_CYCLE_DAYS.rent, sale: CONFIRM_CYCLE_DAYS.sale })}
      </p>
      <ul className={styles.list}>
        {listings.map((listing) => {
          const taken = listing.deal === "rent" ? "let" : "sold";
          const title = listing.title ?? t("myListings.availability.untitled", { id: listing.id });
          return (
            <li key={listing.id} className={styles.item} data-testid="availability-item" data-id={listing.id}>
              <p className={styles.what}>
                <strong lang={listing.title === null ? undefined : listing.title_lang}>{title}</strong>
                <br />
                {listing.unconfirmed_at ? (
                  <span className={styles.hidden}>{t("myListings.availability.hidden")}</span>
                ) : listing.confirmed_at ? (
                  t("card.confirmed", { when: f.ago(listing.confirmed_at, now) })
                ) : null}
              </p>
              {/* A document post, with or without JavaScript: the page comes back saying what was done. */}
              <Form method="post" reloadDocument className={styles.answers}>
                <input type="hidden" name="id" value={listing.id} />
                <input type="hidden" name="intent" value="availability" />
                <input type="hidden" name="redirect_to" value={actionUrl} />
                <button
                  type="submit"
                  name="outcome"
                  value="available"
                  className={styles.primary}
                  aria-label={t("myListings.availability.availableNamed", { title })}
                >
                  {t("myListings.availability.available")}
                </button>
                <button
                  type="submit"
                  name="outcome"
                  value={taken}
                  className={styles.secondary}
                  aria-label={t(`myListings.availability.${taken}Named`, { title })}
                >
                  {t(`listing.taken.${taken}`)}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
