import { describe, expect, it } from "vitest";
import { accountAdvertiser } from "#worker/auth/users.ts";
import type { UserRow } from "#worker/db/users.ts";
import { advertiserOfAccount, listingAdvertiser, offeredBy } from "./listing.ts";

const JOINED = Date.UTC(2024, 10, 3, 9);

function user(values: Partial<UserRow> = {}): UserRow {
  return {
    id: 7,
    name: "Mira Private",
    phone: "+381641234567",
    email: "mira@example.rs",
    roles: null,
    created_at: JOINED,
    password_hash: null,
    password_salt: null,
    password_iterations: null,
    phone_verified_at: JOINED,
    email_verified_at: null,
    image_key: null,
    image_side: null,
    updated_at: null,
    deleted_at: null,
    locale: null,
    signup_network: null,
    blocked_at: null,
    blocked_reason: null,
    advertiser_type: "owner",
    agency_name: null,
    licence_number: null,
    licence_submitted_at: null,
    licence_checked_at: null,
    licence_checked_by: null,
    licence_refused_at: null,
    licence_refused_reason: null,
    ...values,
  };
}

const agency = (values: Partial<UserRow> = {}) =>
  user({ advertiser_type: "agency", agency_name: "Dom Nekretnine", licence_number: "512", ...values });

describe("who offers a listing on its card", () => {
  it("an owner is an owner and nothing more, whatever its row holds", () => {
    expect(offeredBy({ advertiser_type: "owner", agency_name: null, agency_licensed: 0 })).toEqual({
      advertiser_type: "owner",
      agency: null,
    });
    // A stale name or a flag on an owner's row never shows: the type decides.
    expect(offeredBy({ advertiser_type: "owner", agency_name: "Leftover", agency_licensed: 1 })).toEqual({
      advertiser_type: "owner",
      agency: null,
    });
  });

  it("an agency by its name, with the badge only when checked", () => {
    expect(offeredBy({ advertiser_type: "agency", agency_name: "Dom", agency_licensed: 1 })).toEqual({
      advertiser_type: "agency",
      agency: { name: "Dom", licensed: true },
    });
    expect(offeredBy({ advertiser_type: "agency", agency_name: "Dom", agency_licensed: 0 }).agency).toEqual({
      name: "Dom",
      licensed: false,
    });
  });
});

describe("who offers a listing on its detail", () => {
  const row = (values: object) =>
    ({ owner_since: JOINED, owner_phone_verified: 1, ...values }) as Parameters<typeof listingAdvertiser>[0];

  it("adds the verified phone and the time the account joined, never a private person's name", () => {
    expect(listingAdvertiser(row({ advertiser_type: "owner", agency_name: null, agency_licensed: 0 }))).toEqual({
      type: "owner",
      name: null,
      licensed: false,
      phone_verified: true,
      since: new Date(JOINED).toISOString(),
    });
    expect(
      listingAdvertiser(
        row({ advertiser_type: "agency", agency_name: "Dom", agency_licensed: 1, owner_phone_verified: 0 }),
      ),
    ).toMatchObject({ type: "agency", name: "Dom", licensed: true, phone_verified: false });
  });

  it("a draft's preview reads the same from the account", () => {
    expect(advertiserOfAccount(agency({ licence_checked_at: JOINED + 1 }))).toEqual({
      advertiser_type: "agency",
      agency: { name: "Dom Nekretnine", licensed: true },
      advertiser: {
        type: "agency",
        name: "Dom Nekretnine",
        licensed: true,
        phone_verified: true,
        since: new Date(JOINED).toISOString(),
      },
    });
    expect(advertiserOfAccount(agency()).advertiser.licensed).toBe(false);
    // A check on a row that is no agency any more does not make a badge.
    expect(advertiserOfAccount(user({ licence_checked_at: JOINED, licence_number: "1" })).agency).toBeNull();
    expect(advertiserOfAccount(null).advertiser).toMatchObject({ type: "owner", phone_verified: false });
  });
});

describe("how the account sees its own advertiser", () => {
  it("says where the licence check stands; the refusal's reason only while refused", () => {
    expect(accountAdvertiser(user()).licence).toBe("none");
    expect(accountAdvertiser(agency({ licence_number: null })).licence).toBe("none");
    expect(accountAdvertiser(agency()).licence).toBe("awaiting");
    expect(accountAdvertiser(agency({ licence_checked_at: 1 })).licence).toBe("licensed");
    expect(accountAdvertiser(agency({ licence_refused_at: 1, licence_refused_reason: "Not found" }))).toEqual({
      type: "agency",
      agency_name: "Dom Nekretnine",
      licence_number: "512",
      licence: "refused",
      licence_refused_reason: "Not found",
    });
    // An owner's row shows no agency fields even if some were left.
    expect(accountAdvertiser(user({ agency_name: "Old", licence_number: "9" }))).toMatchObject({
      agency_name: null,
      licence_number: null,
      licence: "none",
    });
  });
});
