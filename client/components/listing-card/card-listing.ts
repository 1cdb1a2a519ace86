import type { ApiListing } from "#shared/api/realty.ts";

/**
 * What a listing card shows. Lists hand the page only these fields of each listing (about 60 % of
 * the API's): every field sent is serialized into the document and read back before hydration.
 */
const CARD_FIELDS = [
  "id",
  "deal",
  "type",
  "path",
  "city",
  "district",
  "price",
  "previous_price",
  "price_m2",
  "area",
  "land_area",
  "rooms",
  "floor",
  "floors",
  "title",
  "title_lang",
  "promoted",
  "highlighted",
  "updated_at",
  "confirmed_at",
  "image",
  "image_count",
  "advertiser_type",
  "agency",
  "offers",
] as const satisfies readonly (keyof ApiListing)[];

export type CardListing = Pick<ApiListing, (typeof CARD_FIELDS)[number]>;

/** The card's fields of a listing (for loaders). */
export function cardListing(listing: ApiListing): CardListing {
  return Object.fromEntries(CARD_FIELDS.map((field) => [field, listing[field]])) as CardListing;
}
