import { useLocation } from "react-router";
import { BOUNDS_FIELDS, SERBIA_BOUNDS } from "#shared/map.ts";
import type { MapBounds, SearchState } from "#shared/search-query.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import type { MapCentre } from "#client/components/listing-results/search-types.ts";
import styles from "./bounds-form.module.css";

/** Half the height and width, in degrees, of the area a city's centre stands for (about 11 × 13 km). */
const CITY_HALF_LAT = 0.05;
const CITY_HALF_LNG = 0.08;

/** The area the form starts from: the page's `bounds`, the city's surroundings, or all Serbia. */
function formBounds(state: SearchState, centre: MapCentre | null): MapBounds {
  if (state.bounds) return state.bounds;
  if (centre) {
    const { lat, lng } = centre;
    return [lat - CITY_HALF_LAT, lng - CITY_HALF_LNG, lat + CITY_HALF_LAT, lng + CITY_HALF_LNG].map(
      (value) => Math.round(value * 1e5) / 1e5,
    ) as MapBounds;
  }
  const { south, west, north, east } = SERBIA_BOUNDS;
  return [south, west, north, east];
}

/**
 * The map view without JavaScript (decision 044): the area as four numbers, sent with the page's other
 * parameters; the loader reads them into `bounds`, and the list below shows that area.
 */
export default function BoundsForm({ state, centre }: { state: SearchState; centre: MapCentre | null }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(
    ([name]) => name !== "bounds" && name !== "page" && !(BOUNDS_FIELDS as readonly string[]).includes(name),
  );
  const values = formBounds(state, centre);
  return (
    <form method="get" action={pathname} className={styles.form} aria-labelledby="bounds-form-title">
      <h2 id="bounds-form-title" className={styles.title}>
        {t("map.form.title")}
      </h2>
      <p className={styles.hint}>{t("map.form.hint")}</p>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.fields}>
        {BOUNDS_FIELDS.map((name, index) => (
          <p key={name}>
            <label htmlFor={`bounds-${name}`}>{t(`map.form.${name}`)}</label>
            <input
              id={`bounds-${name}`}
              name={name}
              type="number"
              step="any"
              min={index % 2 ? -180 : -90}
              max={index % 2 ? 180 : 90}
              required
              defaultValue={values[index]}
            />
          </p>
        ))}
      </div>
      <button type="submit" className={styles.submit}>
        {t("map.searchArea")}
      </button>
    </form>
  );
}
