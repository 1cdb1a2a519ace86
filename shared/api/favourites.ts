/** Cabinet favourites (SPEC §7): request shapes. */
import * as v from "valibot";
import { FAVOURITES_MAX } from "../constants.ts";
import { PageQuery } from "./conventions.ts";

const ListingId = v.pipe(v.number("must be a number"), v.integer("must be a whole number"), v.minValue(1, "must be positive"), v.maxValue(Number.MAX_SAFE_INTEGER));

/** One listing, or several at once (a guest's favourites merged on sign-in). */
export const AddFavouriteBody = v.union(
  [
    v.object({ id: ListingId }),
    v.object({ ids: v.pipe(v.array(ListingId), v.maxLength(FAVOURITES_MAX, `must list at most ${FAVOURITES_MAX} ids`)) }),
  ],
  "must give id or ids",
);
export const DeleteFavouriteBody = v.object({ id: ListingId });
export const FavouriteRealtiesQuery = PageQuery;
