import { useI18n } from "./intl.tsx";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Formatting of listing figures in the page's language: prices in EUR without cents, areas in m²,
 * rooms with the language's plurals, ages relative to a `now` the loader chose (so the server's and
 * the browser's text agree at hydration).
 */
export function useFormat() {
  const { intl, t } = useI18n();
  const number = (value: number, digits = 0) => intl.formatNumber(value, { maximumFractionDigits: digits });
  return {
    number,
    price: (value: number) =>
      intl.formatNumber(value, {
        style: "currency",
        currency: "EUR",
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
    pricePerM2: (value: number) =>
      t("format.perM2", {
        price: intl.formatNumber(value, {
          style: "currency",
          currency: "EUR",
          maximumFractionDigits: 0,
          minimumFractionDigits: 0,
        }),
      }),
    area: (value: number) => t("format.area", { area: number(value, 1) }),
    rooms: (value: number) =>
      value < 1 ? t("format.studio") : t("format.rooms", { rooms: value, count: number(value, 1) }),
    floor: (floor: number, floors: number | null) =>
      floors ? t("format.floorOf", { floor, floors }) : t("format.floor", { floor }),
    /** "today", "yesterday", "3 days ago", "2 months ago". */
    ago: (iso: string, now: number) => {
      const days = Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
      if (days < 30) return intl.formatRelativeTime(-days, "day", { numeric: "auto" });
      return intl.formatRelativeTime(-Math.floor(days / 30), "month", { numeric: "auto" });
    },
  };
}
