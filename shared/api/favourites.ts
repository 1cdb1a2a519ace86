/** Cabinet favourites (product §7): request and response shapes. */
import * as v from "valibot";
import { FAVOURITES_MAX } from "#shared/constants.ts";
import { exactlyOne, PageQuery } from "./conventions.ts";
import type { ArchiveReason } from "./cabinet.ts";
import type { ApiListing, ApiPlace } from "./realty.ts";
import { INVALID } from "#shared/validation.ts";

const ListingId = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.format),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.format),
);

/** One listing (`id`), or several at once (`ids`: a guest's favourites merged on sign-in). */
export const AddFavouriteBody = v.pipe(
  v.object({
    id: v.optional(ListingId),
    ids: v.optional(v.pipe(v.array(ListingId), v.maxLength(FAVOURITES_MAX, INVALID.tooMany))),
  }),
  exactlyOne(["id", "ids"]),
  v.transform(({ id, ids }): { id: number } | { ids: number[] } => (ids ? { ids } : { id: id! })),
);
export const DeleteFavouriteBody = v.object({ id: ListingId });

/**
 * `page`, `per_page`, and `include_unavailable=true`: also the favourites taken off the site since they were
 * saved (archived, deleted, hidden by reports, rejected), as `ApiUnavailableFavourite`s in their place.
 */
export const FavouriteListingsQuery = v.object({
  ...PageQuery.entries,
  include_unavailable: v.optional(
    v.pipe(
      v.picklist(["true", "false"], INVALID.choice),
      v.transform((s) => s === "true"),
    ),
    "false",
  ),
});

/**
 * A favourite on the site: the listing as lists give it, when it was saved, and — when its price fell since
 * — the price it had then (else null).
 */
export interface ApiFavourite extends ApiListing {
  available: true;
  saved_at: string;
  price_reduced_from: number | null;
}

/**
 * A favourite no longer on the site: what it was, without a page to link to. Its title is the one composed
 * from its facts, never the owner's own (a text since rejected may stand there).
 */
export interface ApiUnavailableFavourite {
  id: number;
  available: false;
  saved_at: string;
  deal: ApiListing["deal"];
  type: ApiListing["type"];
  title: string;
  title_lang: ApiListing["title_lang"];
  /** Its last price. */
  price: number;
  city: ApiPlace;
  district: ApiPlace | null;
  /** Its owner archived it as let or sold (decision 084): shown as "Rented" / "Sold". Null for any other end. */
  archive_reason: ArchiveReason | null;
}

export type ApiFavouriteItem = ApiFavourite | ApiUnavailableFavourite;
