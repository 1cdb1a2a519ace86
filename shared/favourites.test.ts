import { expect, it } from "vitest";
import { FAVOURITES_MAX } from "./constants.ts";
import { parseFavourites, serializeFavourites, toggleFavourite } from "./favourites.ts";

it("parses only positive ids, once each, at most the maximum", () => {
  expect(parseFavourites(undefined)).toEqual([]);
  expect(parseFavourites("")).toEqual([]);
  expect(parseFavourites("5.3.5.x.0.-2.7.99999999999999999999")).toEqual([5, 3, 7]);
  const many = Array.from({ length: FAVOURITES_MAX + 20 }, (_, i) => i + 1).join(".");
  expect(parseFavourites(many)).toHaveLength(FAVOURITES_MAX);
});

it("round-trips and toggles with the newest first", () => {
  expect(parseFavourites(serializeFavourites([4, 2, 9]))).toEqual([4, 2, 9]);
  expect(toggleFavourite([4, 2], 9, true)).toEqual([9, 4, 2]);
  expect(toggleFavourite([4, 2, 9], 2, true)).toEqual([2, 4, 9]);
  expect(toggleFavourite([4, 2, 9], 2, false)).toEqual([4, 9]);
  expect(toggleFavourite([], 1, false)).toEqual([]);
});
