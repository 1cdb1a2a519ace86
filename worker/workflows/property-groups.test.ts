import { describe, expect, it } from "vitest";
import type { GroupMemberRow } from "#worker/db/property-groups.ts";
import type { PhotoCandidateRow } from "#worker/db/moderator-signals.ts";
import { decideGroups } from "./property-groups.ts";
import { photoMatches } from "./moderator-signals.ts";

const m = (id: number, price: number, property_id: number | null = null, pub = 1): GroupMemberRow => ({
  id,
  price,
  property_id,
  public: pub,
});

describe("decideGroups", () => {
  it("joins matched listings under the smallest id, led by the cheapest (the smaller id on a tie)", () => {
    expect(
      decideGroups(
        [m(5, 100), m(3, 90), m(9, 90)],
        [
          [5, 3],
          [9, 5],
        ],
        new Set([3, 5, 9]),
      ),
    ).toEqual([
      [3, 3, 1],
      [5, 3, 0],
      [9, 3, 0],
    ]);
  });

  it("leaves a listing without a match alone and leading", () => {
    expect(decideGroups([m(4, 10, 2)], [], new Set([4]))).toEqual([[4, null, 1]]);
  });

  it("takes a listing that left the public out of its group, which the rest keep if they still match", () => {
    const members = [m(1, 50, 1, 0), m(2, 60, 1), m(3, 70, 1)];
    expect(decideGroups(members, [[2, 3]], new Set([1, 2, 3]))).toEqual([
      [1, null, 1],
      [2, 2, 1],
      [3, 2, 0],
    ]);
  });

  it("keeps the ties of listings not recomputed, so a new match joins their whole group", () => {
    // 7 and 8 were grouped (nothing of theirs changed); 12 matches 8 only.
    const members = [m(12, 100), m(7, 120, 7), m(8, 110, 7)];
    expect(decideGroups(members, [[12, 8]], new Set([12]))).toEqual([
      [7, 7, 0],
      [8, 7, 0],
      [12, 7, 1],
    ]);
  });

  it("ignores a match with a listing that is not public", () => {
    expect(decideGroups([m(1, 10), m(2, 5, null, 0)], [[1, 2]], new Set([1]))).toEqual([
      [1, null, 1],
      [2, null, 1],
    ]);
  });
});

describe("photoMatches (decision 036's rule, shared with the photo signal)", () => {
  const row = (photo: number, other: number, theirs: string): PhotoCandidateRow => ({
    listing_id: 1,
    photo_id: photo,
    mine: "00000000000000ff",
    other_id: other,
    theirs,
    deal: "sale",
    property_type: "apartment",
    city_slug: "beograd",
  });

  it("lists every other listing holding two photos, most first; one shared photo is not enough", () => {
    const rows = [
      row(1, 20, "00000000000000ff"),
      row(2, 20, "00000000000000fe"),
      row(1, 30, "00000000000000ff"),
      row(2, 30, "00000000000000ff"),
      row(3, 30, "00000000000000f8"),
      row(1, 40, "00000000000000ff"),
    ];
    expect(photoMatches(rows, 3).map((match) => [match.row.other_id, match.photos])).toEqual([
      [30, 3],
      [20, 2],
    ]);
  });

  it("counts a photo four bits away as another photo", () => {
    expect(photoMatches([row(1, 20, "00000000000000f0"), row(2, 20, "00000000000000ff")], 2)).toEqual([]);
  });
});
