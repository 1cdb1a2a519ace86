import { describe, expect, it } from "vitest";
import {
  LOW_PRICE_MIN_SAMPLE,
  LOW_PRICE_SHARE,
  MANY_PLACES_MAX,
  PHOTO_MATCH_MAX_DISTANCE,
  SHARED_PHONE_ACCOUNTS_SHOWN,
} from "#shared/constants.ts";
import type { PhoneMateRow, PhotoCandidateRow, PlacesRow } from "#worker/db/moderator-signals.ts";
import { accountSignals, listingSignals, lowPrice, manyPlaces, photoMatch, sharedPhone } from "./moderator-signals.ts";

const places = (overrides: Partial<PlacesRow> = {}): PlacesRow => ({
  owner_id: 7,
  advertiser_type: "owner",
  listings: 5,
  places: MANY_PLACES_MAX + 1,
  ...overrides,
});

describe("many places", () => {
  it("flags a private owner with listings in more than three places", () => {
    expect(MANY_PLACES_MAX).toBe(3);
    expect(manyPlaces(places({ places: 4, listings: 6 }))).toEqual({ code: "many_places", places: 4, listings: 6 });
  });

  it("leaves exactly three places alone, and fewer", () => {
    expect(manyPlaces(places({ places: 3, listings: 9 }))).toBeNull();
    expect(manyPlaces(places({ places: 1, listings: 9 }))).toBeNull();
  });

  it("never flags an agency, however many places", () => {
    expect(manyPlaces(places({ advertiser_type: "agency", places: 40, listings: 80 }))).toBeNull();
  });

  it("is nothing for an account without a row", () => {
    expect(manyPlaces(undefined)).toBeNull();
  });
});

const mate = (other_id: number, overrides: Partial<PhoneMateRow> = {}): PhoneMateRow => ({
  owner_id: 7,
  other_id,
  name: `Person ${other_id}`,
  blocked_at: null,
  deleted_at: null,
  ...overrides,
});

describe("shared phone", () => {
  it("is nothing when no other account holds the number", () => {
    expect(sharedPhone([])).toBeNull();
  });

  it("names the other accounts once each, by id, blocked and deleted ones marked", () => {
    const signal = sharedPhone([
      mate(30, { blocked_at: 1 }),
      mate(12),
      mate(30, { blocked_at: 1 }),
      mate(21, { deleted_at: 5 }),
    ]);
    expect(signal).toEqual({
      code: "shared_phone",
      count: 3,
      accounts: [
        { id: 12, name: "Person 12", blocked: false, deleted: false },
        { id: 21, name: "Person 21", blocked: false, deleted: true },
        { id: 30, name: "Person 30", blocked: true, deleted: false },
      ],
    });
  });

  it("counts them all but lists the first few", () => {
    const many = Array.from({ length: SHARED_PHONE_ACCOUNTS_SHOWN + 4 }, (_, i) => mate(100 + i));
    const signal = sharedPhone(many)!;
    expect(signal.count).toBe(SHARED_PHONE_ACCOUNTS_SHOWN + 4);
    expect(signal.accounts).toHaveLength(SHARED_PHONE_ACCOUNTS_SHOWN);
  });
});

/** A hash `bits` bits away from `a1b2c3d4e5f60718` (the lowest bits flipped). */
const near = (bits: number) => {
  const base = BigInt("0xa1b2c3d4e5f60718");
  return (base ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, "0");
};

const candidate = (photo_id: number, other_id: number, theirs: string): PhotoCandidateRow => ({
  listing_id: 1,
  photo_id,
  mine: near(0),
  other_id,
  theirs,
  deal: "rent",
  property_type: "apartment",
  city_slug: "beograd",
});

describe("photo match", () => {
  it("names another advertiser's listing holding two of the photos, with its public path", () => {
    const signal = photoMatch([candidate(1, 50, near(1)), candidate(2, 50, near(PHOTO_MATCH_MAX_DISTANCE))], 6);
    expect(signal).toEqual({
      code: "photo_match",
      listing: { id: 50, path: "/rent/apartment/beograd/50/" },
      photos: 2,
    });
  });

  it("is not one shared photo (an agency's facade shot) nor photos too far apart", () => {
    expect(photoMatch([candidate(1, 50, near(0))], 6)).toBeNull();
    expect(photoMatch([candidate(1, 50, near(0)), candidate(2, 50, near(PHOTO_MATCH_MAX_DISTANCE + 1))], 6)).toBeNull();
    // Two photos matching two different listings are one photo each.
    expect(photoMatch([candidate(1, 50, near(0)), candidate(2, 51, near(0))], 6)).toBeNull();
  });

  it("takes a listing's only photo when it has one, and nothing without fingerprints", () => {
    expect(photoMatch([candidate(1, 50, near(0))], 1)?.listing.id).toBe(50);
    expect(photoMatch([], 0)).toBeNull();
  });

  it("names the listing holding most of the photos", () => {
    const rows = [
      candidate(1, 60, near(0)),
      candidate(2, 60, near(0)),
      ...[1, 2, 3].map((p) => candidate(p, 61, near(0))),
    ];
    expect(photoMatch(rows, 5)).toMatchObject({ listing: { id: 61 }, photos: 3 });
  });
});

const place = (price_m2: number | null, median: number | null, sample_size: number, by_district = 1) => ({
  price_m2,
  median,
  sample_size,
  by_district,
});

describe("low price", () => {
  it("flags a price per m² under half the district's median", () => {
    expect(LOW_PRICE_SHARE).toBe(0.5);
    expect(lowPrice(place(999.994, 2000, LOW_PRICE_MIN_SAMPLE))).toEqual({
      code: "low_price",
      price_m2: 999.99,
      median_price_m2: 2000,
      sample_size: LOW_PRICE_MIN_SAMPLE,
      scope: "district",
    });
  });

  it("says when the median is its city's (a listing without a district)", () => {
    expect(lowPrice(place(100, 2000, 40, 0))?.scope).toBe("city");
  });

  it("leaves exactly half, and above, alone", () => {
    expect(lowPrice(place(1000, 2000, 50))).toBeNull();
    expect(lowPrice(place(1900, 2000, 50))).toBeNull();
  });

  it("refuses to flag on too few listings to make a median", () => {
    expect(lowPrice(place(10, 2000, LOW_PRICE_MIN_SAMPLE - 1))).toBeNull();
    expect(lowPrice(place(10, 2000, 0))).toBeNull();
    expect(lowPrice(place(10, null, 0))).toBeNull();
  });

  it("is nothing without a price per m² (no area)", () => {
    expect(lowPrice(place(null, 2000, 50))).toBeNull();
  });
});

describe("a queue item's signals", () => {
  it("are its owner's, then its photos', then its price's, each read for that item only", () => {
    const account = {
      places: [places({ owner_id: 7 }), places({ owner_id: 8, places: 1 })],
      phones: [mate(12, { owner_id: 7 }), mate(13, { owner_id: 8 })],
    };
    const listing = {
      candidates: [
        candidate(1, 50, near(0)),
        candidate(2, 50, near(0)),
        { ...candidate(1, 70, near(0)), listing_id: 2 },
      ],
      fingerprinted: [{ listing_id: 1, n: 4 }],
    };
    const signals = listingSignals(account, listing, { id: 1, owner_id: 7, place: place(100, 2000, 9) });
    expect(signals.map((s) => s.code)).toEqual(["many_places", "shared_phone", "photo_match", "low_price"]);
    const other = listingSignals(account, listing, { id: 2, owner_id: 8, place: place(1900, 2000, 9) });
    expect(other).toEqual([{ code: "shared_phone", count: 1, accounts: [expect.objectContaining({ id: 13 })] }]);
    expect(accountSignals(account, 99)).toEqual([]);
  });
});
