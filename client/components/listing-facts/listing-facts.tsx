import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import { LISTING_FACTS, type ListingFact } from "#shared/listing-facts.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import styles from "./listing-facts.module.css";

/** Below this many comparable listings a city median says too little to compare against. */
const MIN_MARKET_SAMPLE = 3;
/** Within ±2 % a price is "in line with" the median rather than above or below it. */
const SAME_WITHIN = 0.02;

/** How the listing's price per m² compares with the city median of its type, or null when it cannot. */
function marketComparison(listing: Pick<ApiListingDetail, "price_m2" | "market">) {
  const median = listing.market.city_median_price_m2;
  if (listing.price_m2 === null || median === null || median <= 0 || listing.market.sample_size < MIN_MARKET_SAMPLE) {
    return null;
  }
  const ratio = listing.price_m2 / median - 1;
  const direction = Math.abs(ratio) < SAME_WITHIN ? "same" : ratio < 0 ? "below" : "above";
  return { direction, share: Math.abs(ratio), median } as const;
}

/** The price, per m² and against the city median: "12 % below the Belgrade median for apartments". */
export function PriceSummary({ listing }: { listing: ApiListingDetail }) {
  const { t, intl } = useI18n();
  const f = useFormat();
  const rent = listing.deal === "rent";
  const monthly = (text: string) => (rent ? t("card.perMonth", { price: text }) : text);
  const market = marketComparison(listing);
  return (
    <div className={styles.price}>
      <p className={styles.amount} data-testid="detail-price">
        {monthly(f.price(listing.price))}
      </p>
      {listing.price_m2 !== null ? <p className={styles.perM2}>{monthly(f.pricePerM2(listing.price_m2))}</p> : null}
      {market ? (
        <p className={`${styles.market} ${styles[market.direction]}`} data-testid="detail-market">
          {t(`detail.market.${market.direction}`, {
            percent: intl.formatNumber(market.share, { style: "percent", maximumFractionDigits: 0 }),
            city: listing.city.name,
            type: listing.type,
          })}
          <span className={styles.median}>
            {t("detail.market.median", {
              price: monthly(f.pricePerM2(market.median)),
              count: listing.market.sample_size,
            })}
          </span>
        </p>
      ) : null}
    </div>
  );
}

type Fact = [label: string, value: string];

/**
 * Key facts of a listing as label/value pairs, in the order people scan them (`LISTING_FACTS`); unknown
 * ones left out.
 */
function useFacts(listing: ApiListing): Fact[] {
  const { t } = useI18n();
  const f = useFormat();
  const yesNo = (value: boolean) => (value ? t("detail.yes") : t("detail.no"));
  const rent = listing.deal === "rent";
  // Each fact's wording, given its value; null leaves it out.
  const facts: { [F in ListingFact]: (value: NonNullable<ApiListing[F]>) => Fact | null } = {
    area: (area) => [t("detail.facts.area"), f.area(area)],
    land_area: (area) => [t("detail.facts.landArea"), f.area(area)],
    rooms: (rooms) => [t("detail.facts.rooms"), f.rooms(rooms)],
    bedrooms: (count) => [t("detail.facts.bedrooms"), f.number(count)],
    bathrooms: (count) => [t("detail.facts.bathrooms"), f.number(count)],
    floor: (floor) => [t("detail.facts.floor"), f.floor(floor, listing.floors)],
    // The floor's line names the building's floors already.
    floors: (floors) => (listing.floor === null ? [t("detail.facts.floors"), f.number(floors)] : null),
    year_built: (year) => [t("detail.facts.yearBuilt"), String(year)],
    furnished: (furnished) => [t("detail.facts.furnished"), yesNo(furnished)],
    heating: (heating) => [t("detail.facts.heating"), t(`form.heating.${heating}`)],
    parking: (parking) => [t("detail.facts.parking"), yesNo(parking)],
    balcony: (balcony) => [t("detail.facts.balcony"), yesNo(balcony)],
    elevator: (elevator) => [t("detail.facts.elevator"), yesNo(elevator)],
    deposit: (deposit) => (rent ? [t("detail.facts.deposit"), f.price(deposit)] : null),
    pets_allowed: (pets) => (rent ? [t("detail.facts.pets"), yesNo(pets)] : null),
  };
  return LISTING_FACTS.flatMap((name) => {
    const value = listing[name];
    const fact = value === null ? null : (facts[name] as (value: unknown) => Fact | null)(value);
    return fact ? [fact] : [];
  });
}

/** The key facts in a description list. */
export function ListingFacts({ listing }: { listing: ApiListing }) {
  const facts = useFacts(listing);
  return (
    <dl className={styles.facts} data-testid="detail-facts">
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
