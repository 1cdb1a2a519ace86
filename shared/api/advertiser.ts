/**
 * Who is offering (product §3 "Person", §7, decision 087): an account advertises as a private owner or as
 * an agency. An agency names itself and gives its number in the public register of real-estate brokers
 * (Registar posrednika); a moderator checks the number and the agency gets the "Licensed agency" badge.
 * The schemas of registration, the profile and the back office's check, and the shapes the API answers.
 */
import * as v from "valibot";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { UNSEEN_IN_NAME } from "#shared/unseen-text.ts";
import { INVALID, limitsOf } from "#shared/validation.ts";
import { intParamOr, type Paged } from "./conventions.ts";

const ADVERTISER_TYPES = ["owner", "agency"] as const;
/** 'owner': a private owner offers; 'agency': a broker does. Not the listing's owner (the account it belongs to). */
export type AdvertiserType = (typeof ADVERTISER_TYPES)[number];

const AdvertiserTypeSchema = v.picklist(ADVERTISER_TYPES, INVALID.choice);

/** The agency's public name: shown on its cards, so plain text on one line, no markup. */
export const AgencyName = v.pipe(
  v.string(INVALID.required),
  plainLine(),
  v.trim(),
  v.minLength(2, INVALID.tooShort),
  v.maxLength(100, INVALID.tooLong),
  v.check((value) => !UNSEEN_IN_NAME.test(value) && !/[<>]/.test(value), INVALID.format),
);

/**
 * A number of the register of brokers as an agency reads it from its entry or its decision of entry: the
 * register's ordinal number ("123"), or the decision's number ("360-00-00123/2014-10"), with or without a
 * prefix ("Rešenje br."). Accepted: 1–40 letters (Latin or Cyrillic), digits, spaces, `/ - . :`, with at
 * least one digit; kept as typed, spaces squeezed. The moderator compares it with the register.
 */
export const LicenceNumber = v.pipe(
  v.string(INVALID.format),
  plainLine(),
  v.trim(),
  v.transform((value) => value.replace(/\s+/g, " ")),
  v.minLength(1, INVALID.required),
  v.maxLength(40, INVALID.tooLong),
  v.regex(/^[\p{L}\d][\p{L}\d /.:-]*$/u, "validation.licenceNumber"),
  v.regex(/\d/, "validation.licenceNumber"),
);

/** The profile's and registration's fields (an empty licence number is none: optional at registration). */
export const ADVERTISER_ENTRIES = {
  advertiser_type: v.optional(AdvertiserTypeSchema, "owner"),
  agency_name: v.optional(v.union([v.literal(""), AgencyName], INVALID.format)),
  licence_number: v.optional(v.union([v.literal(""), LicenceNumber], "validation.licenceNumber")),
};

/** What an account advertises as; an owner's agency fields are dropped (it has none). */
export interface AdvertiserInput {
  advertiser_type: AdvertiserType;
  agency_name: string | null;
  licence_number: string | null;
}

/** An agency needs its name (the body's check; its 400 names `agency_name`). */
export const agencyHasName = (body: { advertiser_type: AdvertiserType; agency_name?: string }) =>
  body.advertiser_type !== "agency" || !!body.agency_name;

/** The advertiser of a body with ADVERTISER_ENTRIES, normalised (owner → no agency fields; "" → null). */
export function advertiserOf(body: {
  advertiser_type: AdvertiserType;
  agency_name?: string;
  licence_number?: string;
}): AdvertiserInput {
  if (body.advertiser_type === "owner") return { advertiser_type: "owner", agency_name: null, licence_number: null };
  return {
    advertiser_type: "agency",
    agency_name: body.agency_name || null,
    licence_number: body.licence_number || null,
  };
}

/** `POST /api/cabinet/update-advertiser`: the type, and for an agency its name and licence number. */
export const UpdateAdvertiserBody = v.pipe(
  v.object(ADVERTISER_ENTRIES),
  v.forward(
    v.check((body) => agencyHasName(body), INVALID.required),
    ["agency_name"],
  ),
);

export const ADVERTISER_LIMITS = { agencyName: limitsOf(AgencyName), licenceNumber: limitsOf(LicenceNumber) };

/** The state of an agency's licence: none given, awaiting a moderator, checked (the badge), refused. */
export type LicenceState = "none" | "awaiting" | "licensed" | "refused";

/** The account's own view of how it advertises (`ApiUser.advertiser`). */
export interface ApiAccountAdvertiser {
  type: AdvertiserType;
  agency_name: string | null;
  licence_number: string | null;
  licence: LicenceState;
  /** Why a moderator refused the number (shown in the profile), while refused. */
  licence_refused_reason: string | null;
}

/**
 * Who offers a listing, as the public detail shows it: an agency's name is public by its choice; an owner
 * is "Owner", nothing more. `since` is when the account joined (an ISO time; the page shows month and year).
 */
export interface ApiListingAdvertiser {
  type: AdvertiserType;
  /** The agency's name; null for a private owner. */
  name: string | null;
  /** A moderator checked the agency's licence number: the "Licensed agency" badge. */
  licensed: boolean;
  /** The agency's public page, locale-free (decision 103); absent for an owner or an agency without one. */
  page?: string;
  phone_verified: boolean;
  since: string;
}

// ---- The back office's check ---------------------------------------------------------------------------

export const AGENCIES_PER_PAGE = 30;
export const LICENCE_REFUSAL_MAX = 500;

/** `GET /api/admin/agencies?state=&page=`: awaiting a check (the default), licensed or refused. */
export const AgenciesQuery = v.object({
  state: v.optional(v.picklist(["awaiting", "licensed", "refused"], INVALID.choice), "awaiting"),
  page: intParamOr(1, 1000, 1),
});

/** `POST /api/admin/agencies/{id}/licence/confirm`: the number the moderator checked (a changed one is a 409). */
export const ConfirmLicenceBody = v.object({ licence_number: LicenceNumber });

/** `POST /api/admin/agencies/{id}/licence/refuse`: the number seen and the reason the agency reads. */
export const RefuseLicenceBody = v.object({
  licence_number: LicenceNumber,
  reason: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(3, INVALID.tooShort),
    v.maxLength(LICENCE_REFUSAL_MAX, INVALID.tooLong),
  ),
});

/** An agency as the back office's licence check sees it. */
export interface ApiAgencyCheck {
  user_id: number;
  agency_name: string;
  licence_number: string | null;
  licence: LicenceState;
  licence_refused_reason: string | null;
  /** When the agency last gave its name or number (the list's order: oldest waiting first). */
  submitted_at: string;
  checked_at: string | null;
  blocked: boolean;
}

export type AgenciesResponse = Paged<ApiAgencyCheck>;
