/**
 * Agencies as teams (decision 098): an agency with its members (`manager` or `agent`), invited by e-mail.
 * The schemas of its API and the shapes it answers; the slug of its public page made from its name.
 */
import * as v from "valibot";
import { plainLine } from "#shared/plain-text.ts";
import type { PhotoVariant } from "#shared/photo-variants.ts";
import { INVALID, limitsOf } from "#shared/validation.ts";
import type { LicenceState } from "./advertiser.ts";
import { AgencyName, LicenceNumber } from "./advertiser.ts";
import { AccountEmail, AccountPhone } from "./auth.ts";
import { cyrillicToLatin } from "#shared/cyrillic-latin.ts";

export const AGENCY_ROLES = ["manager", "agent"] as const;
/** 'manager': runs the agency (members, every listing); 'agent': offers its own listings for the agency. */
export type AgencyRole = (typeof AGENCY_ROLES)[number];

/** How long an invitation's link works. */
export const AGENCY_INVITE_TTL_S = 7 * 24 * 3600;
/** Writes per account and hour: agencies founded, invitations sent, members removed, invitations accepted. */
export const AGENCY_CREATES_PER_HOUR = 5;
export const AGENCY_INVITES_PER_HOUR = 30;
/** Invitations one e-mail address receives a day, from all agencies together. */
export const AGENCY_INVITES_PER_RECIPIENT_PER_DAY = 3;
export const AGENCY_REMOVALS_PER_HOUR = 30;
export const AGENCY_ACCEPTS_PER_HOUR = 10;

/** An invitation's token as its link carries it: 32 random bytes in base64url. */
const AGENCY_INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/agency`: founding an agency; the caller becomes its manager. */
export const CreateAgencyBody = v.object({ name: AgencyName, licence_number: LicenceNumber });

/** `POST /api/agency/members`: an invitation to an e-mail address. */
export const InviteMemberBody = v.object({
  email: AccountEmail,
  role: v.picklist(AGENCY_ROLES, INVALID.choice),
});

/** `POST /api/agency/invites/accept`. */
export const AcceptInviteBody = v.object({
  token: v.pipe(v.string(INVALID.required), v.regex(AGENCY_INVITE_TOKEN, INVALID.format)),
});

/** `DELETE /api/agency/members/{user_id}`. */
export const MemberParam = v.object({
  user_id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, INVALID.format), v.transform(Number)),
});

/**
 * The languages an agency may say it speaks (ISO 639-1): Serbia's, its neighbours' and its buyers' most
 * asked. A fixed list, so the public page names each in the visitor's language (`Intl.DisplayNames`).
 */
export const AGENCY_LANGUAGES = [
  "sr",
  "en",
  "ru",
  "de",
  "fr",
  "it",
  "es",
  "uk",
  "hu",
  "ro",
  "bg",
  "mk",
  "sl",
  "el",
  "tr",
  "zh",
  "ar",
  "he",
] as const;
export type AgencyLanguage = (typeof AGENCY_LANGUAGES)[number];
/** Phone numbers an agency's profile lists. */
export const AGENCY_PHONES_MAX = 3;
/** Profile edits per manager and hour (the logo counts with the photo uploads). */
export const AGENCY_PROFILE_EDITS_PER_HOUR = 30;

const AgencyAddress = v.pipe(
  v.string(INVALID.format),
  plainLine(),
  v.trim(),
  v.maxLength(200, INVALID.tooLong),
  v.check((value) => !/[<>]/.test(value), INVALID.format),
);

function urlOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The agency's website: an absolute https address of a public host (a name with a dot, no user or password
 * in it), at most 200 characters; kept as the URL parser writes it. Plain http is refused: the public page
 * links it, and a visitor should not be sent to a page anyone on the way can rewrite.
 */
const AgencyWebsite = v.pipe(
  v.string(INVALID.format),
  v.trim(),
  v.maxLength(200, INVALID.tooLong),
  v.check((value) => {
    if (value === "") return true;
    const url = urlOf(value);
    return (
      url !== null &&
      url.protocol === "https:" &&
      !url.username &&
      !url.password &&
      /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]+$/i.test(url.hostname)
    );
  }, "validation.httpsUrl"),
  v.transform((value) => (value === "" ? "" : new URL(value).href)),
);

/**
 * `PATCH /api/agency` (managers): any of the profile's fields; an empty address or website (or an empty
 * list) removes it. A changed name or licence number waits for the moderator's check again (decision 087).
 */
export const UpdateAgencyBody = v.pipe(
  v.object({
    name: v.optional(AgencyName),
    licence_number: v.optional(LicenceNumber),
    address: v.optional(v.nullable(AgencyAddress)),
    phones: v.optional(v.pipe(v.array(AccountPhone, INVALID.format), v.maxLength(AGENCY_PHONES_MAX, INVALID.tooMany))),
    website: v.optional(v.nullable(AgencyWebsite)),
    languages: v.optional(
      v.pipe(
        v.array(v.picklist(AGENCY_LANGUAGES, INVALID.choice), INVALID.format),
        v.maxLength(AGENCY_LANGUAGES.length, INVALID.tooMany),
        v.transform((list) => [...new Set(list)]),
      ),
    ),
  }),
  v.check((body) => Object.values(body).some((value) => value !== undefined), INVALID.required),
);
export type UpdateAgencyInput = v.InferOutput<typeof UpdateAgencyBody>;

export const AGENCY_LIMITS = { address: limitsOf(AgencyAddress), website: limitsOf(AgencyWebsite) };
/** An agency's page slug (`/agency/{slug}/`): lowercase ASCII letters, digits and inner hyphens. */
export const AGENCY_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** `GET /api/agency/{slug}`. */
export const AgencySlugParam = v.object({
  slug: v.pipe(v.string(), v.regex(AGENCY_SLUG, INVALID.format)),
});

/** The public profile of `GET /api/agency/{slug}`. */
export interface ApiAgencyProfile {
  id: number;
  name: string;
  slug: string;
  /** The licence check of decision 087; `licensed` is the badge. */
  licence: LicenceState;
  licensed: boolean;
  address: string | null;
  phones: string[];
  website: string | null;
  languages: string[];
  /** The logo's square variants (decision 050's pipeline), the named one for `src`; null without a logo. */
  logo: { url: string; variants: PhotoVariant[] } | null;
  members: number;
  active_listings: number;
  since: string;
}

/** A member as its agency's managers see it (`GET /api/agency/members`). */
export interface ApiAgencyMember {
  user_id: number;
  name: string | null;
  role: AgencyRole;
  joined_at: string;
}

/** The caller's own agency (`GET /api/cabinet/agency`), with its members for a manager (null for an agent). */
export interface ApiMyAgency {
  id: number;
  slug: string;
  name: string | null;
  role: AgencyRole;
  members: ApiAgencyMember[] | null;
  /**
   * The profile as its managers edit it (the public page's fields, whatever the licence account's state, and
   * the licence number the public page leaves out); null for an agent.
   */
  profile:
    | (Pick<ApiAgencyProfile, "licence" | "address" | "phones" | "website" | "languages" | "logo"> & {
        licence_number: string | null;
      })
    | null;
}

/** The longest slug made from a name (a suffix may follow). */
const AGENCY_SLUG_BASE_MAX = 60;

/** Words of the agencies' API under `/api/agency/`: no agency's slug, or its profile would be shadowed. */
const RESERVED_SLUGS = new Set(["feeds", "members", "invites"]);

/**
 * The public page's slug of an agency's name: Cyrillic transliterated, Latin diacritics dropped, anything
 * else a hyphen; "agency" when nothing is left. Uniqueness is the database's (a numbered suffix).
 */
export function agencySlugOf(name: string): string {
  // đ is the one Latin letter with no decomposition to drop its stroke from.
  const slug = cyrillicToLatin(name.toLowerCase())
    .replaceAll("đ", "dj")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, AGENCY_SLUG_BASE_MAX)
    .replace(/-+$/, "");
  if (RESERVED_SLUGS.has(slug)) return `${slug}-agency`;
  return slug || "agency";
}
