/**
 * The back office's listings (decision 062), moderators and admins:
 * `GET /api/admin/listings?q=&state=&page=`, `GET /api/admin/listings/{id}`,
 * `POST /api/admin/listings/{id}/hide {reason}`, `POST /api/admin/listings/{id}/restore {reason}`.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { intParamOr, type Paged } from "./conventions.ts";
import { LISTING_STATUSES, type ListingStatus } from "#shared/listing-types.ts";
import type { ApiImage } from "./realty.ts";

export const ADMIN_LISTINGS_PER_PAGE = 20;
export const LISTING_QUERY_MAX = 100;
export const HIDE_REASON_MAX = 500;

/** The filter's states: a listing's own, and the two marks that sit beside it (taken off by staff, deleted). */
export const ADMIN_LISTING_STATES = [...LISTING_STATUSES, "hidden", "deleted"] as const;
export type AdminListingState = (typeof ADMIN_LISTING_STATES)[number];

export const AdminListingsQuery = v.object({
  q: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(LISTING_QUERY_MAX, INVALID.tooLong)), ""),
  state: v.optional(v.union([v.literal(""), v.picklist(ADMIN_LISTING_STATES)], INVALID.choice), ""),
  page: intParamOr(1, 1000, 1),
});

/** Why a moderator hides or restores a listing: the owner reads it (hide), the audit log keeps it (both). */
export const ListingModerationBody = v.object({
  reason: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(3, INVALID.tooShort),
    v.maxLength(HIDE_REASON_MAX, INVALID.tooLong),
  ),
});
export type ListingModerationInput = v.InferInput<typeof ListingModerationBody>;

/** A listing as the back office finds it. */
export interface ApiAdminListing {
  id: number;
  status: ListingStatus;
  title: string | null;
  title_lang: "en" | "ru" | "sr";
  owner: { id: number; name: string; email: string | null; phone: string | null; blocked: boolean };
  city: string | null;
  district: string | null;
  address: string | null;
  price: number | null;
  currency: "EUR";
  rooms: number | null;
  area: number | null;
  deal: string;
  property_type: string;
  /** Taken off the site by staff: when and why (shown to the owner), and the state a restore gives back. */
  hidden: { at: string; reason: string | null; from: ListingStatus } | null;
  deleted: boolean;
  /** Its public page's path (only while it is public). */
  path: string | null;
  image: ApiImage | null;
  image_count: number;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  published_at: string | null;
}

export type AdminListingsResponse = Paged<ApiAdminListing>;

/** A person's dealings as the back office's page about them shows them (`GET /api/admin/users/{id}/activity`). */
export interface ApiAdminUserActivity {
  /** Their listings, newest first (at most USER_ACTIVITY_MAX). */
  listings: ApiAdminListing[];
  /** Their payments, newest first, with each one's latest state in the ledger. */
  payments: {
    id: string;
    product: string;
    listing_id: number | null;
    amount_cents: number;
    currency: string;
    provider: string;
    status: string;
    created_at: string;
  }[];
  /** Visitors' reports of their listings, newest first. */
  listing_reports: {
    id: number;
    listing_id: number;
    reason: string;
    text: string | null;
    created_at: string;
    resolved: boolean;
  }[];
  /** Reports on conversations they take part in, by them or against them, newest first. */
  conversation_reports: {
    id: number;
    conversation_id: number;
    listing_id: number;
    reporter: { id: number; name: string };
    reason: string;
    text: string | null;
    created_at: string;
    resolved: boolean;
  }[];
}

/** How many of each a person's page lists. */
export const USER_ACTIVITY_MAX = 50;
