import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import type { SearchPageData } from "./search-types.ts";
import results from "./listing-results.module.css";

/** The block's first cards load their photos at once, as the results' first ones do. */
const EAGER_CARDS = 2;

/**
 * The promoted block above a page of results (decision 067): the running "Top" placements that match the
 * search, a few at a time in turn, under a heading that says they are paid — apart from the results, whose
 * order stays the visitor's sort.
 */
export default function PromotedBlock({ data }: { data: Pick<SearchPageData, "promoted" | "now"> }) {
  const { t } = useI18n();
  const { promoted: items, now } = data;
  if (!items.length) return null;
  return (
    // The results' notice box: set apart from the results, in the page's own styles.
    <section className={results.notice} aria-labelledby="promoted-heading" data-testid="promoted-block">
      <h3 id="promoted-heading">{t("promoted.heading")}</h3>
      <p>{t("promoted.note")}</p>
      <ul className={results.cards}>
        {items.map((listing, index) => (
          <li key={listing.id} data-listing-id={listing.id}>
            <ListingCard listing={listing} now={now} eager={index < EAGER_CARDS} headingLevel={4} />
          </li>
        ))}
      </ul>
    </section>
  );
}
