/**
 * One listing with its photos and its market: the public detail (active listings only) and an owner's or
 * admin's preview (any state). The phone column is never read here.
 */
import type { ListingStatus } from "#shared/api/realty.ts";
import type { Locale } from "#shared/locales.ts";
import { type ImageRow, listingColumns, listingJoins, type ListingRow, PUBLIC_IMAGE } from "./listing-columns.ts";
import { type MarketRow, marketStatement } from "./listing-market.ts";
import { type PlaceMedianRow, placeMedianStatement } from "./moderator-signals.ts";
import { type SamePropertyRow, samePropertyStatement } from "./property-groups.ts";
import type { Database } from "#worker/app-env.ts";

interface ListingDetailRow extends ListingRow {
  description: string;
  status: ListingStatus;
  city_id: number;
  checked_at: number | null;
  /** Hidden for want of its owner's confirmation since then (decision 084). */
  unconfirmed_at: number | null;
  owner_id: number;
  owner_name: string;
  owner_since: number;
  /** 1 when the owning account's phone is verified (the detail's "Phone verified"). */
  owner_phone_verified: number;
}

/** A price the listing showed the public from `at` on (migration 0037). */
interface PriceRow {
  price: number;
  at: number;
}

/** A listing, its photos in order, its market and its prices, oldest first. */
export interface ListingDetailRows {
  row: ListingDetailRow;
  images: ImageRow[];
  market: MarketRow;
  /** Its type's median in its district (or city): the low-price warning's figure (decision 088). */
  place: PlaceMedianRow;
  prices: PriceRow[];
  /** The other public offers of its property, cheapest first (decision 090). */
  same: SamePropertyRow[];
}

/** An active listing as the public sees it; null for a missing or not public one. */
export function listingDetail(db: Database, id: number, locale: Locale): Promise<ListingDetailRows | null> {
  return detailOf(db, id, locale, "l.status = 'active'", [], false);
}

/**
 * A listing in any state for its preview: the owner's own (`ownerId`), or any listing (`null`, admins).
 * Someone else's listing is null, as a missing one is.
 */
export function listingPreview(
  db: Database,
  id: number,
  locale: Locale,
  ownerId: number | null,
): Promise<ListingDetailRows | null> {
  return ownerId === null
    ? detailOf(db, id, locale, "1", [], true)
    : detailOf(db, id, locale, "l.owner_id = ?", [ownerId], true);
}

async function detailOf(
  db: Database,
  id: number,
  locale: Locale,
  condition: string,
  args: unknown[],
  /** The point the owner set and every photo (their preview, an admin's), not the public ones. */
  exact: boolean,
): Promise<ListingDetailRows | null> {
  // One round trip: the listing, its photos, its market (the type's and city's median price per m²), its
  // place's median (the district's), prices and the other offers of its property.
  const [found, images, market, place, prices, same] = await db.batch([
    db
      .prepare(
        `SELECT ${listingColumns(locale, exact)}, l.description, l.status, l.city_id, l.checked_at, l.unconfirmed_at,
           u.id AS owner_id, u.name AS owner_name, u.created_at AS owner_since,
           u.phone_verified_at IS NOT NULL AS owner_phone_verified
         FROM listings l ${listingJoins} JOIN users u ON u.id = l.owner_id
         WHERE l.id = ? AND ${condition}`,
      )
      .bind(id, ...args),
    db
      .prepare(
        `SELECT id, width, height, photo_key FROM listing_images i WHERE listing_id = ?${exact ? "" : PUBLIC_IMAGE}
         ORDER BY position`,
      )
      .bind(id),
    marketStatement(db, id),
    placeMedianStatement(db, id),
    db.prepare("SELECT price, at FROM listing_prices WHERE listing_id = ? ORDER BY id").bind(id),
    samePropertyStatement(db, id),
  ]);
  const row = found!.results[0] as ListingDetailRow | undefined;
  if (!row) return null;
  return {
    row,
    images: images!.results as ImageRow[],
    market: market!.results[0] as MarketRow,
    place: place!.results[0] as PlaceMedianRow,
    prices: prices!.results as PriceRow[],
    same: same!.results as SamePropertyRow[],
  };
}
