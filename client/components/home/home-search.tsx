import { Suspense, type FormEvent } from "react";
import { Await, Form, useNavigate } from "react-router";
import { PRICE_PRESETS } from "#shared/api/form-options.ts";
import { CLASSIFIED_TYPES, classifiedType } from "#shared/listing-types.ts";
import { paths } from "#shared/paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./home-search.module.css";

export interface CityOption {
  slug: string;
  name: string;
}

/**
 * The home page's search entry. Without JavaScript it is a GET form to the search page (the API's
 * query names: type id, city slug, price range); with JavaScript it goes straight to the list URL
 * (`/buy/apartment/beograd/?price_max=…`), which is what the search page would lead to anyway.
 */
export function HomeSearch({ cities }: { cities: Promise<CityOption[] | null> }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const type = classifiedType(Number(form.get("type")));
    if (!type) return;
    event.preventDefault();
    const query = new URLSearchParams();
    for (const name of ["price_min", "price_max"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value) query.set(name, value);
    }
    const city = String(form.get("city") ?? "");
    const qs = query.toString();
    navigate(lp(paths.list(type.deal, type.type, city || undefined)) + (qs ? `?${qs}` : ""));
  }

  const deals = [
    { deal: "sale", label: t("form.deal.sale") },
    { deal: "rent", label: t("form.deal.rent") },
  ] as const;

  return (
    <Form method="get" action={lp(paths.search())} className={styles.form} onSubmit={onSubmit} aria-label={t("home.searchLabel")}>
      <div className={styles.field}>
        <label htmlFor="home-type">{t("home.what")}</label>
        <select id="home-type" name="type" defaultValue="4">
          {deals.map(({ deal, label }) => (
            <optgroup key={deal} label={label}>
              {CLASSIFIED_TYPES.filter((type) => type.deal === deal).map((type) => (
                <option key={type.id} value={type.id}>
                  {t(`listing.kind.${type.deal}.${type.type}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="home-city">{t("home.where")}</label>
        <Suspense fallback={<CitySelect cities={[]} loading />}>
          <Await resolve={cities} errorElement={<CitySelect cities={[]} />}>
            {(list) => <CitySelect cities={list ?? []} />}
          </Await>
        </Suspense>
      </div>
      <div className={styles.field}>
        <label htmlFor="home-price-min">{t("home.priceFrom")}</label>
        <input id="home-price-min" name="price_min" type="number" min="0" step="1000" inputMode="numeric" list="home-prices" />
      </div>
      <div className={styles.field}>
        <label htmlFor="home-price-max">{t("home.priceTo")}</label>
        <input id="home-price-max" name="price_max" type="number" min="0" step="1000" inputMode="numeric" list="home-prices" />
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

function CitySelect({ cities, loading = false }: { cities: CityOption[]; loading?: boolean }) {
  const { t } = useI18n();
  return (
    <select id="home-city" name="city" defaultValue="" aria-busy={loading || undefined}>
      <option value="">{loading ? t("common.loading") : t("home.anyCity")}</option>
      {cities.map((city) => (
        <option key={city.slug} value={city.slug}>
          {city.name}
        </option>
      ))}
    </select>
  );
}
