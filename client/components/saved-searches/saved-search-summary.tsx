import type { SavedQuery } from "#shared/api/saved-searches.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";
import type { LabelPlaces } from "#shared/saved-search-label.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import styles from "./saved-searches.module.css";

/**
 * A saved search's filters as chips (decision 041): what is searched, the place, then each refinement — prices,
 * areas and numbers in the page's language. Messages: `savedSearches`, `savedSearch.label`, `search.kind`.
 */
export function SavedSearchSummary({ filters, places }: { filters: SavedQuery; places: LabelPlaces }) {
  const { t, intl } = useI18n();
  const f = useFormat();
  const range = (min: string | undefined, max: string | undefined) =>
    min !== undefined && max !== undefined
      ? t("savedSearch.label.between", { min, max })
      : min !== undefined
        ? t("savedSearch.label.from", { min })
        : t("savedSearch.label.upTo", { max: max ?? "" });
  const money = (n: number | undefined) => (n === undefined ? undefined : f.price(n));
  const plain = (n: number | undefined) => (n === undefined ? undefined : f.number(n));

  const types = LISTING_TYPES.filter((type) => filters.type?.includes(type.id));
  const words = [...new Set(types.map((type) => type.type))];
  const deals = [...new Set(types.map((type) => type.deal))];
  const deal = filters.deal ?? (deals.length === 1 ? deals[0] : undefined);
  const chips: { key: string; text: string }[] = [
    {
      key: "kind",
      text:
        types.length === 1 ? t(`listing.kind.${types[0]!.deal}.${types[0]!.type}`) : t(`search.kind.${deal ?? "any"}`),
    },
  ];
  const add = (key: string, text: string | null | undefined | false) => {
    if (text) chips.push({ key, text });
  };
  add(
    "types",
    types.length > 1 &&
      t("savedSearches.chip.types", {
        types: intl.formatList(
          words.map((word) => t(`form.type.${word}`)),
          { type: "disjunction" },
        ),
      }),
  );
  add("place", [places.district, places.city].filter(Boolean).join(", "));
  add(
    "price",
    (filters.price_min ?? filters.price_max) !== undefined &&
      t("savedSearches.chip.price", { range: range(money(filters.price_min), money(filters.price_max)) }),
  );
  add(
    "area",
    (filters.area_min ?? filters.area_max) !== undefined &&
      t("savedSearches.chip.area", { range: range(plain(filters.area_min), plain(filters.area_max)) }),
  );
  add(
    "rooms",
    Boolean(filters.rooms?.length) &&
      t("savedSearches.chip.rooms", {
        rooms: intl.formatList(
          (filters.rooms ?? []).map((n) =>
            n === 0 ? t("savedSearch.label.studio") : n >= 5 ? `${f.number(5)}+` : f.number(n),
          ),
          { type: "disjunction" },
        ),
      }),
  );
  add(
    "floor",
    (filters.floor_min ?? filters.floor_max) !== undefined &&
      t("savedSearches.chip.floor", { range: range(plain(filters.floor_min), plain(filters.floor_max)) }),
  );
  add(
    "furnished",
    filters.furnished !== undefined && t("savedSearches.chip.furnished", { furnished: String(filters.furnished) }),
  );
  add(
    "confirmed",
    filters.confirmed_within !== undefined && t("savedSearches.chip.confirmed", { days: filters.confirmed_within }),
  );
  add("q", filters.q && t("savedSearches.chip.keywords", { q: filters.q }));

  return (
    <ul className={styles.chips} aria-label={t("savedSearches.filters")}>
      {chips.map((chip) => (
        <li key={chip.key} className={styles.chip}>
          {chip.text}
        </li>
      ))}
    </ul>
  );
}
