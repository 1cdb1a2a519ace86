import type { ReactNode } from "react";
import { useI18n } from "#client/i18n/intl.tsx";
import type { ApiImage } from "#shared/api/realty.ts";
import styles from "./payment.module.css";

/** A listing on a payment page: what it is, and where it is seen. */
export interface PaymentListing {
  id: number;
  title: string | null;
  title_lang: "en" | "ru" | "sr";
  image: ApiImage | null;
  place: string | null;
  /** Its public page (locale-free), while it is public. */
  path: string | null;
  status: string;
  /** The visitor's own listing. */
  own: boolean;
}

/** The photo beside the text is 8rem wide on a wide screen, the full width of a phone above it. */
const PHOTO_SIZES = "(min-width: 40rem) 8rem, 100vw";

/** A listing's title, or its number while it has none. */
export function useListingTitle() {
  const { t } = useI18n();
  return (listing: Pick<PaymentListing, "id" | "title">) => listing.title ?? t("payment.untitled", { id: listing.id });
}

/** The listing a payment is for: its photo, title and place, and what the page adds about it. */
export function PaymentListingSummary({ listing, children }: { listing: PaymentListing; children?: ReactNode }) {
  const { t } = useI18n();
  const title = useListingTitle();
  return (
    <div className={styles.listing} data-testid="payment-listing" data-id={listing.id}>
      <div className={styles.photo}>
        {listing.image ? (
          <img
            src={listing.image.url}
            srcSet={listing.image.srcset ?? undefined}
            sizes={listing.image.srcset ? PHOTO_SIZES : undefined}
            width={listing.image.width}
            height={listing.image.height}
            alt=""
            decoding="async"
          />
        ) : (
          <span className={styles.noPhoto}>{t("card.noPhoto")}</span>
        )}
      </div>
      <div className={styles.listingText}>
        <p className={styles.listingTitle} lang={listing.title ? listing.title_lang : undefined}>
          {title(listing)}
        </p>
        {listing.place ? <p className={styles.muted}>{listing.place}</p> : null}
        {children}
      </div>
    </div>
  );
}
