/** Cabinet favourites (SPEC §7): request shapes. */
import * as v from "valibot";
import { FAVOURITES_MAX } from "#shared/constants.ts";
import { PageQuery } from "./conventions.ts";
import { INVALID } from "#shared/validation.ts";

const ListingId = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.format),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.format),
);

/** One listing, or several at once (a guest's favourites merged on sign-in). */
export const AddFavouriteBody = v.union(
  [
    v.object({ id: ListingId }),
    v.object({ ids: v.pipe(v.array(ListingId), v.maxLength(FAVOURITES_MAX, INVALID.tooMany)) }),
  ],
  INVALID.required,
);
export const DeleteFavouriteBody = v.object({ id: ListingId });
export const FavouriteRealtiesQuery = PageQuery;
