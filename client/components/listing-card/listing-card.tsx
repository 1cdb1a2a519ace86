import type { ReactNode } from "react";
import { Link } from "react-router";
import { FavouriteButton } from "#client/components/favourite-button/favourite-button.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { CardListing } from "./card-listing.ts";
import styles from "./listing-card.module.css";

/**
 * How wide a card's photo shows (listing-results.module.css: columns of at least 15rem in a page of
 * at most 72rem; one column on phones): the browser picks a variant from it.
 */
const CARD_SIZES = "(min-width: 60rem) 24rem, (min-width: 34rem) 50vw, 100vw";

interface Props {
  listing: CardListing;
  /** The loader's time, so "updated N days ago" reads the same on the server and after hydration. */
  now: number;
  /** Above-the-fold cards load their photo eagerly (the first one is the page's LCP candidate). */
  eager?: boolean;
  /** Heading level of the title inside the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** More controls laid over the photo, beside the favourite toggle. */
  actions?: ReactNode;
  /** A line under the price (a favourite's "price reduced from"). */
  priceNote?: ReactNode;
  /** Controls at the foot of the card. */
  footer?: ReactNode;
}

/** A listing in a list: photo, price and price per m², key facts, place and age. */
export function ListingCard({ listing, now, eager = false, headingLevel = 3, actions, priceNote, footer }: Props) {
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const href = lp(listing.path);
  const Heading = `h${headingLevel}` as const;
  const facts = [
    listing.rooms !== null ? f.rooms(listing.rooms) : null,
    listing.area !== null ? f.area(listing.area) : listing.land_area !== null ? f.area(listing.land_area) : null,
    listing.floor !== null && listing.type === "apartment" ? f.floor(listing.floor, listing.floors) : null,
  ].filter(Boolean);
  const place = [listing.district?.name, listing.city.name].filter(Boolean).join(", ");
  const price = f.price(listing.price);
  const { agency } = listing;

  return (
    <article
      className={styles.card}
      data-highlighted={listing.highlighted || undefined}
      aria-labelledby={`listing-${listing.id}-title`}
    >
      <div className={styles.media}>
        {listing.image ? (
          <img
            src={listing.image.url}
            srcSet={listing.image.srcset ?? undefined}
            sizes={listing.image.srcset ? CARD_SIZES : undefined}
            width={listing.image.width}
            height={listing.image.height}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            decoding="async"
          />
        ) : (
          <span className={styles.noPhoto}>{t("card.noPhoto")}</span>
        )}
        {/* Paid placements say so in words, not by colour alone. */}
        {listing.promoted ? <span className={styles.badge}>{t("card.promoted")}</span> : null}
        {listing.highlighted ? <span className={styles.highlightBadge}>{t("card.highlighted")}</span> : null}
        {listing.image_count > 1 ? (
          <span className={styles.count}>{t("card.photos", { count: listing.image_count })}</span>
        ) : null}
        <div className={styles.actions}>
          <FavouriteButton listingId={listing.id} />
          {actions}
        </div>
      </div>
      <div className={styles.body}>
        <p className={styles.price}>
          <strong>{listing.deal === "rent" ? t("card.perMonth", { price }) : price}</strong>
          {listing.price_m2 !== null && listing.deal === "sale" ? (
            <span className={styles.perM2}>{f.pricePerM2(listing.price_m2)}</span>
          ) : null}
          {/* A recent cut (decision 082), unless the page says more about the price (a favourite's since saved). */}
          {listing.previous_price !== null && !priceNote ? (
            <span className={styles.was}>{t("card.was", { price: f.price(listing.previous_price) })}</span>
          ) : null}
        </p>
        {priceNote}
        <Heading id={`listing-${listing.id}-title`} className={styles.title}>
          <Link to={href} className={styles.link} lang={listing.title_lang}>
            {listing.title}
          </Link>
        </Heading>
        {facts.length ? <p className={styles.facts}>{facts.join(" · ")}</p> : null}
        <p className={styles.place}>{place}</p>
        {/* Who offers it (decision 087): an agency by its name, with its badge once a moderator checked it. */}
        <p className={styles.advertiser}>
          {/* An agency with a public page is linked to it (decision 103), above the card's own link. */}
          {agency?.page ? <Link to={lp(agency.page)}>{agency.name}</Link> : (agency?.name ?? t("card.owner"))}
          {agency?.licensed ? <span className={styles.licensed}>{t("card.licensed")}</span> : null}
        </p>
        {/* One card per property (decision 090): its other advertisers' offers are on the detail page. */}
        {listing.offers > 1 ? (
          <p className={styles.offers} data-testid="card-offers">
            {t("card.offers", { count: listing.offers })}
          </p>
        ) : null}
        <p className={styles.updated}>
          <time dateTime={listing.updated_at}>{t("card.updated", { when: f.ago(listing.updated_at, now) })}</time>
          {listing.confirmed_at ? (
            <>
              <span aria-hidden="true"> · </span>
              <time dateTime={listing.confirmed_at} data-testid="card-confirmed">
                {t("card.confirmed", { when: f.ago(listing.confirmed_at, now) })}
              </time>
            </>
          ) : null}
        </p>
        {footer}
      </div>
    </article>
  );
}
