/**
 * Listing rows (worker/db/listing-columns.ts) as the API answers them: a card, the detail and a preview,
 * a search's facets, a sitemap entry. Paths and image URLs are made here, not in the queries.
 */
import type { ApiListingAdvertiser } from "#shared/api/advertiser.ts";
import type { ApiListing, ApiListingPreview, SearchFacets } from "#shared/api/realty.ts";
import { LISTING_FACTS, type ListingFactValues } from "#shared/listing-facts.ts";
import { listingField } from "#shared/listing-fields.ts";
import { PRICE_CUT_SHOWN_DAYS } from "#shared/constants.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { agencyPath } from "#shared/agency-paths.ts";
import type { ListingRow, StoredFacts } from "#worker/db/listing-columns.ts";
import type { ListingDetailRows } from "#worker/db/listing-detail.ts";
import type { FacetRows } from "#worker/db/listing-search.ts";
import type { SitemapListingRow } from "#worker/db/listings.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { licenceStateOf, type UserRow } from "#worker/db/users.ts";
import { lowPrice } from "#worker/workflows/moderator-signals.ts";
import { firstImage, toImage } from "./image.ts";

const bool = (value: number | null) => (value === null ? null : value === 1);
const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/**
 * A row's facts in API shape, in the order of `LISTING_FACTS`: numbers as stored, yes/no as booleans. The
 * public listing, the preview and the owner's edit shape give the same.
 */
export function listingFacts(row: StoredFacts): ListingFactValues {
  return Object.fromEntries(
    LISTING_FACTS.map((name) => [
      name,
      listingField(name).kind === "flag" ? bool(row[name] as number | null) : row[name],
    ]),
  ) as ListingFactValues;
}

/** A listing as the API answers it; `card`: for a list, its title in the reader's language where one can be made. */
export function toListing(row: ListingRow, now: number, locale: Locale, view: "card" | "detail" = "card"): ApiListing {
  return {
    id: row.id,
    type_id: row.type_id,
    deal: row.deal,
    type: row.property_type,
    path: paths.detail(row.deal, row.property_type, row.city_slug, row.id),
    city: { slug: row.city_slug, name: row.city_name },
    district: row.district_slug ? { slug: row.district_slug, name: row.district_name ?? row.district_slug } : null,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    location_precision: row.location_precision,
    price: row.price,
    currency: "EUR",
    previous_price: recentCut(row, now),
    price_m2: round2(row.price_m2),
    ...listingFacts(row),
    ...shownTitle(row, locale, { readersLanguage: view === "card" }),
    lang: row.lang,
    promoted: row.promoted_until !== null && row.promoted_until > now,
    highlighted: row.highlight_until !== null && row.highlight_until > now,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    expires_at: iso(row.expires_at),
    confirmed_at: row.confirmed_at === null ? null : iso(row.confirmed_at),
    image: firstImage(row.image_json),
    image_count: row.image_count,
    offers: row.offers,
    ...offeredBy(row),
  };
}

/**
 * Who offers a listing on its card: the type, and an agency's public name and badge (an owner: nothing
 * more). A listing of a public agency (decision 103) is that agency's, with its page, whoever its agent is.
 */
export function offeredBy(
  row: Pick<ListingRow, "advertiser_type" | "agency_name" | "agency_licensed"> & { agency_json?: string | null },
): Pick<ApiListing, "advertiser_type" | "agency"> {
  const team = row.agency_json
    ? (JSON.parse(row.agency_json) as { slug: string; name: string; licensed: number })
    : null;
  if (team) {
    return {
      advertiser_type: "agency",
      agency: { name: team.name, licensed: team.licensed === 1, page: agencyPath(team.slug) },
    };
  }
  if (row.advertiser_type !== "agency" || row.agency_name === null) return { advertiser_type: "owner", agency: null };
  return { advertiser_type: "agency", agency: { name: row.agency_name, licensed: row.agency_licensed === 1 } };
}

/** Who offers a listing, read from its owning account (a draft's preview, which has no listing row yet). */
export function advertiserOfAccount(
  user: UserRow | null,
): Pick<ApiListingPreview, "advertiser_type" | "agency" | "advertiser"> {
  const card = offeredBy({
    advertiser_type: user?.advertiser_type ?? "owner",
    agency_name: user?.agency_name ?? null,
    agency_licensed: user && licenceStateOf(user) === "licensed" ? 1 : 0,
  });
  return {
    ...card,
    advertiser: {
      type: card.advertiser_type,
      name: card.agency?.name ?? null,
      licensed: card.agency?.licensed ?? false,
      phone_verified: user?.phone_verified_at != null,
      since: iso(user?.created_at ?? 0),
    },
  };
}

/** Who offers a listing on its detail: the card's, with the account's verified phone and its month of joining. */
export function listingAdvertiser(row: ListingDetailRows["row"]): ApiListingAdvertiser {
  const { advertiser_type, agency } = offeredBy(row);
  return {
    type: advertiser_type,
    name: agency?.name ?? null,
    licensed: agency?.licensed ?? false,
    ...(agency?.page ? { page: agency.page } : {}),
    phone_verified: row.owner_phone_verified === 1,
    since: iso(row.owner_since),
  };
}

/** The price before the last change when that change was a cut within PRICE_CUT_SHOWN_DAYS days. */
function recentCut(row: Pick<ListingRow, "price" | "previous_price" | "price_changed_at">, now: number) {
  if (row.previous_price === null || row.price_changed_at === null || row.previous_price <= row.price) return null;
  return now - row.price_changed_at <= PRICE_CUT_SHOWN_DAYS * 24 * 60 * 60 * 1000 ? row.previous_price : null;
}

/** The detail of a listing (the public one adds its status, a preview its review state). */
export function toListingPreview(
  { row, images, market, place, prices, same }: ListingDetailRows,
  now: number,
  locale: Locale,
): ApiListingPreview {
  const median = market.n && market.median !== null ? Math.round(market.median * 100) / 100 : null;
  const low = lowPrice(place);
  return {
    ...toListing(row, now, locale, "detail"),
    description: row.description,
    status: row.status,
    images: images.map(toImage),
    owner: { id: row.owner_id, name: row.owner_name, member_since: iso(row.owner_since) },
    advertiser: listingAdvertiser(row),
    checked_at: row.checked_at === null ? null : iso(row.checked_at),
    awaiting_confirmation: row.status === "active" && row.unconfirmed_at !== null,
    market: { city_median_price_m2: median, sample_size: market.n },
    price_warning: low && { median_price_m2: low.median_price_m2, sample_size: low.sample_size, scope: low.scope },
    price_history: prices.map((point) => ({ price: point.price, currency: "EUR", at: iso(point.at) })),
    same_property: same.map((other) => ({
      id: other.id,
      price: other.price,
      advertiser_type: offeredBy({ ...other, agency_licensed: 0 }).advertiser_type,
      path: paths.detail(other.deal, other.property_type, other.city_slug, other.id),
    })),
  };
}

/** A search's facets: types and rooms in key order, districts by count then slug. */
export function toSearchFacets(facets: FacetRows): SearchFacets {
  return {
    types: facets.types.map((r) => ({ type_id: r.key, count: r.count })).sort((a, b) => a.type_id - b.type_id),
    rooms: facets.rooms.map((r) => ({ rooms: r.key, count: r.count })).sort((a, b) => a.rooms - b.rooms),
    districts: facets.districts
      .map((r) => ({ slug: r.slug!, name: r.name!, count: r.count }))
      .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug)),
  };
}

/** A listing in the sitemap's list. */
export const toSitemapListing = (row: SitemapListingRow) => ({
  id: row.id,
  path: paths.detail(row.deal, row.property_type, row.city_slug, row.id),
  updated_at: iso(row.updated_at),
});
