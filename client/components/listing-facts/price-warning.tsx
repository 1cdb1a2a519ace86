import type { ApiListingDetail } from "#shared/api/realty.ts";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
// The detail's own stylesheet, loaded with the page: this module's code comes only with a warning to show.
import styles from "./listing-facts.module.css";

/**
 * A listing priced far under similar ones in its district (decision 088): a calm note — the price may be
 * honest — with the advice that protects a visitor either way and the `/safety/` page. Server-rendered; its
 * code is loaded only for a listing with a warning (`lazyComponent`).
 */
export default function PriceWarning({
  listing,
}: {
  listing: Pick<ApiListingDetail, "price_warning" | "district" | "city">;
}) {
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const warning = listing.price_warning;
  if (!warning) return null;
  const place = warning.scope === "district" && listing.district ? listing.district.name : listing.city.name;
  return (
    <section className={styles.warning} aria-labelledby="price-warning" data-testid="price-warning">
      <h2 id="price-warning">{t("detail.priceWarning.heading")}</h2>
      <p>{t("detail.priceWarning.text", { place, median: f.pricePerM2(warning.median_price_m2) })}</p>
      <p>{t("detail.priceWarning.advice")}</p>
      <p>
        <a href={lp(paths.page("safety"))}>{t("detail.priceWarning.link")}</a>
      </p>
    </section>
  );
}
