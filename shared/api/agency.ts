/**
 * Agencies as teams (decision 098): an agency with its members (`manager` or `agent`), invited by e-mail.
 * The schemas of its API and the shapes it answers; the slug of its public page made from its name.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import type { LicenceState } from "./advertiser.ts";
import { AgencyName, LicenceNumber } from "./advertiser.ts";
import { AccountEmail } from "./auth.ts";

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
}

/** Serbian Cyrillic and Russian letters in Latin (Serbian's own Latin for the shared ones), diacritics off. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "dj",
  е: "e",
  ё: "e",
  ж: "z",
  з: "z",
  и: "i",
  й: "j",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "c",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "c",
  џ: "dz",
  ш: "s",
  щ: "sc",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "ju",
  я: "ja",
  đ: "dj",
};

/** The longest slug made from a name (a suffix may follow). */
const AGENCY_SLUG_BASE_MAX = 60;

/** Words of the agencies' API under `/api/agency/`: no agency's slug, or its profile would be shadowed. */
const RESERVED_SLUGS = new Set(["feeds", "members", "invites"]);

/**
 * The public page's slug of an agency's name: Cyrillic transliterated, Latin diacritics dropped, anything
 * else a hyphen; "agency" when nothing is left. Uniqueness is the database's (a numbered suffix).
 */
export function agencySlugOf(name: string): string {
  const latin = [...name.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join("");
  const slug = latin
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, AGENCY_SLUG_BASE_MAX)
    .replace(/-+$/, "");
  if (RESERVED_SLUGS.has(slug)) return `${slug}-agency`;
  return slug || "agency";
}
