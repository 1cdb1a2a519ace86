/**
 * A saved search's name made from its filters (decision 041): "Apartments for sale, Vračar, Belgrade,
 * 2 or 3 rooms, up to €150,000" in the formatter's language. The kind of property leads, the refinements
 * follow in the order visitors set them, joined by commas — a form every language reads without declining
 * place names. The API names every search it gives this way (`label`), e-mails too; callers on the server
 * pass the full catalog's formatter (`textCatalog(locale).intl`), so no page carries these messages.
 */
import type { IntlFormatter } from "./intl.ts";
import { LISTING_TYPES } from "./listing-types.ts";
import type { SavedQuery } from "./api/saved-searches.ts";

/** The names of the query's city and district in the formatter's language. */
export interface LabelPlaces {
  city?: string;
  district?: string;
}

/** "from {min}", "up to {max}" or "{min}–{max}" of two formatted ends; null when neither is set. */
function range(intl: IntlFormatter, min: string | undefined, max: string | undefined): string | null {
  if (min !== undefined && max !== undefined)
    return intl.formatMessage({ id: "savedSearch.label.between" }, { min, max });
  if (min !== undefined) return intl.formatMessage({ id: "savedSearch.label.from" }, { min });
  if (max !== undefined) return intl.formatMessage({ id: "savedSearch.label.upTo" }, { max });
  return null;
}

/** What is searched: one type's own words ("Apartments for sale"), else the deal's ("Property to rent"). */
function kind(query: SavedQuery, intl: IntlFormatter): string {
  const types = (query.type ?? []).map((id) => LISTING_TYPES.find((t) => t.id === id)).filter((t) => t !== undefined);
  if (types.length === 1) return intl.formatMessage({ id: `listing.kind.${types[0]!.deal}.${types[0]!.type}` });
  const deal = query.deal ?? (types.length && types.every((t) => t.deal === types[0]!.deal) ? types[0]!.deal : null);
  return intl.formatMessage({ id: `search.kind.${deal ?? "any"}` });
}

/** "studio or 2 rooms", "3, 4 or 5+ rooms". */
function rooms(values: readonly number[], intl: IntlFormatter): string {
  const counts = values.filter((n) => n > 0);
  const parts = values.includes(0) ? [intl.formatMessage({ id: "savedSearch.label.studio" })] : [];
  if (counts.length) {
    const numbers = counts.map((n) => (n >= 5 ? `${intl.formatNumber(5)}+` : intl.formatNumber(n)));
    parts.push(
      intl.formatMessage(
        { id: "savedSearch.label.rooms" },
        { rooms: intl.formatList(numbers, { type: "disjunction" }), count: counts.at(-1)! },
      ),
    );
  }
  return intl.formatList(parts, { type: "disjunction" });
}

export function savedSearchLabel(query: SavedQuery, places: LabelPlaces, intl: IntlFormatter): string {
  const money = (n: number | undefined) =>
    n === undefined
      ? undefined
      : intl.formatNumber(n, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  const plain = (n: number | undefined) => (n === undefined ? undefined : intl.formatNumber(n));
  const area = range(intl, plain(query.area_min), plain(query.area_max));
  const floor = range(intl, plain(query.floor_min), plain(query.floor_max));
  const parts = [
    kind(query, intl),
    places.district ?? null,
    places.city ?? null,
    query.rooms?.length ? rooms(query.rooms, intl) : null,
    range(intl, money(query.price_min), money(query.price_max)),
    area === null ? null : intl.formatMessage({ id: "savedSearch.label.area" }, { range: area }),
    floor === null ? null : intl.formatMessage({ id: "savedSearch.label.floor" }, { range: floor }),
    query.furnished === undefined
      ? null
      : intl.formatMessage({ id: `savedSearch.label.${query.furnished ? "furnished" : "unfurnished"}` }),
    query.confirmed_within === undefined
      ? null
      : intl.formatMessage({ id: "savedSearch.label.confirmed" }, { days: query.confirmed_within }),
    query.q ? intl.formatMessage({ id: "savedSearch.label.keywords" }, { q: query.q }) : null,
  ];
  return parts.filter((part) => part !== null && part !== "").join(", ");
}
