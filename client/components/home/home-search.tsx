import { Suspense } from "react";
import { Await, Form } from "react-router";
import { PRICE_PRESETS } from "#shared/api/form-options.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";
import { paths } from "#shared/paths.ts";
import type { Limits } from "#shared/validation.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./home-search.module.css";

export interface CityOption {
  slug: string;
  name: string;
}

/** Names of the home search form's fields, read back by the home loader. */
export const HOME_SEARCH_FIELDS = {
  type: "type",
  where: "where",
  priceMin: "price_min",
  priceMax: "price_max",
} as const;

/**
 * The home page's search entry: a GET form to the home page itself, whose loader turns it into the
 * list URL (`/buy/apartment/beograd/?price_max=…`) — the same with or without JavaScript. No field
 * waits for data: the place is free text (any city or district, in any of the three languages), with
 * the city names offered as suggestions once they stream in.
 */
export function HomeSearch({ cities, whereLimits }: { cities: Promise<CityOption[] | null>; whereLimits: Limits }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const deals = [
    { deal: "sale", label: t("form.deal.sale") },
    { deal: "rent", label: t("form.deal.rent") },
  ] as const;

  return (
    <Form method="get" action={lp(paths.home())} className={styles.form} aria-label={t("home.searchLabel")}>
      <div className={styles.field}>
        <label htmlFor="home-type">{t("home.what")}</label>
        <select id="home-type" name={HOME_SEARCH_FIELDS.type} defaultValue="4">
          {deals.map(({ deal, label }) => (
            <optgroup key={deal} label={label}>
              {LISTING_TYPES.filter((type) => type.deal === deal).map((type) => (
                <option key={type.id} value={type.id}>
                  {t(`listing.kind.${type.deal}.${type.type}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="home-where">{t("home.where")}</label>
        <input
          id="home-where"
          name={HOME_SEARCH_FIELDS.where}
          type="text"
          list="home-cities"
          autoComplete="off"
          placeholder={t("home.anyCity")}
          maxLength={whereLimits.maxLength}
        />
        {/* Without the cities the field still takes any place typed: the form needs no other fallback. A
            falsy errorElement would pass the rejection on to the page's error screen (decision 028). */}
        <Suspense fallback={null}>
          <Await resolve={cities} errorElement={<></>}>
            {(list) => (
              <datalist id="home-cities">
                {(list ?? []).map((city) => (
                  <option key={city.slug} value={city.name} />
                ))}
              </datalist>
            )}
          </Await>
        </Suspense>
      </div>
      <div className={styles.field}>
        <label htmlFor="home-price-min">{t("home.priceFrom")}</label>
        <input
          id="home-price-min"
          name={HOME_SEARCH_FIELDS.priceMin}
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          list="home-prices"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="home-price-max">{t("home.priceTo")}</label>
        <input
          id="home-price-max"
          name={HOME_SEARCH_FIELDS.priceMax}
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          list="home-prices"
        />
      </div>
      <datalist id="home-prices">
        {[...PRICE_PRESETS.rent, ...PRICE_PRESETS.sale].map((price) => (
          <option key={price} value={price} />
        ))}
      </datalist>
      <button type="submit" className={styles.submit}>
        {t("home.searchButton")}
      </button>
    </Form>
  );
}
