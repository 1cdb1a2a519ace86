/**
 * My listings (product §7 Cabinet `realties/*`, `realty/relevant/{id}`, Statistics, decision 038):
 * the owner's tabs, what each state allows, the card and statistics shapes, the moderation queue.
 * The API answers from these and the cabinet pages read the same, so a button is shown only when the call
 * behind it is allowed.
 */
import * as v from "valibot";
import { plainText } from "#shared/plain-text.ts";
import { CABINET_PER_PAGE, MODERATION_PER_PAGE, REJECTION_REASON_MAX, REPORT_TEXT_MAX } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";
import { bodyPaging, IdParam, intParamOr } from "./conventions.ts";
import { MAX_PAGE } from "./limits.ts";
import type { CabinetTab, OwnerAction } from "#shared/listing-states.ts";
import type { ApiImage, ApiPlace, ListingStatus } from "./realty.ts";
import type { ApiSignal } from "./signals.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";

/** `POST /api/cabinet/realties/active`: a tab other than the archive, with paging, in the body. */
export const OwnerListBody = v.object({
  tab: v.optional(v.picklist(["active", "moderation", "drafts"], INVALID.choice), "active"),
  ...bodyPaging(CABINET_PER_PAGE),
});
export type OwnerListInput = v.InferInput<typeof OwnerListBody>;

/** `GET /api/cabinet/realties/archive?page=&per_page=`. */
export const ArchiveQuery = v.object({
  page: intParamOr(1, MAX_PAGE, 1),
  per_page: intParamOr(1, 50, CABINET_PER_PAGE),
});

/** What a listing drew in the last OWNER_STATS_DAYS days. */
interface ApiListingTotals {
  views: number;
  /** Phone reveals and messages: people who got in touch. */
  contacts: number;
  favourites: number;
}

/** A listing on its owner's card. */
export interface ApiOwnerListing {
  id: number;
  status: ListingStatus;
  deal: Deal;
  type: ListingKind;
  type_id: number;
  /** A generated title in the request's language, the owner's own as written; null for a draft without facts. */
  title: string | null;
  title_lang: "en" | "ru" | "sr";
  /** The public page's path (active listings only). */
  path: string | null;
  city: ApiPlace | null;
  district: ApiPlace | null;
  price: number | null;
  currency: "EUR";
  image: ApiImage | null;
  image_count: number;
  created_at: string;
  updated_at: string;
  /** Active listings: when it leaves the site unless renewed, and the whole days left until then. */
  expires_at: string | null;
  days_left: number | null;
  published_at: string | null;
  /** When the owner last confirmed it is still there. */
  checked_at: string | null;
  /** When it was last known to be on offer: publication, renewal, an edit or a confirmation (decision 084). */
  confirmed_at: string | null;
  /** Active and its last confirmation a cycle old (CONFIRM_CYCLE_DAYS): its owner is asked to confirm it. */
  confirm_due: boolean;
  /** Left out of search and lists for want of a confirmation, since then (decision 084); null when shown. */
  unconfirmed_at: string | null;
  /** Archived by its owner as let or sold; null for any other archiving. */
  archive_reason: ArchiveReason | null;
  submitted_at: string | null;
  /** A rejection's reason: one of REJECTION_CODES and/or the moderator's words. */
  rejection_code: RejectionCode | null;
  rejection_reason: string | null;
  /** Pending because visitors reported it (REPORT_HIDE_THRESHOLD), not because the owner submitted it. */
  hidden_by_reports: boolean;
  /** Taken off the site by a moderator, with their reason; only a moderator puts it back (decision 062). */
  hidden_by_staff: { reason: string } | null;
  /**
   * Changes to the approved listing (texts, photos added) that wait for a moderator, or that one refused
   * with a reason; the public sees the approved version meanwhile (decision 053). Null when none.
   */
  changes: {
    status: "pending" | "rejected";
    rejection_code: RejectionCode | null;
    rejection_reason: string | null;
    submitted_at: string;
  } | null;
  totals: ApiListingTotals;
  /** The calls the owner may make now (OWNER_ACTIONS). */
  actions: OwnerAction[];
}

/** `GET /api/cabinet/realties/count`. */
export type CabinetCounts = Record<CabinetTab, number>;

/** One day of a listing's statistics (`GET /api/cabinet/realties/{id}/statistics`). */
export interface ApiStatisticsDay {
  /** UTC day, `2026-11-25`. */
  day: string;
  views: number;
  phone: number;
  map: number;
  list: number;
  messages: number;
  favourites: number;
}

export interface ApiListingStatistics {
  id: number;
  title: string | null;
  title_lang: "en" | "ru" | "sr";
  status: ListingStatus;
  /** The public page's path (active listings only). */
  path: string | null;
  /** OWNER_STATS_DAYS days, oldest first, every day present (zeros included). */
  days: ApiStatisticsDay[];
  totals: Omit<ApiStatisticsDay, "day">;
}

/** `POST /api/cabinet/realties/{id}/renew`: the owner's session, or the signed link of the reminder e-mail. */
export const RenewBody = v.optional(
  v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200, INVALID.tooLong))) }),
  {},
);

/** What an owner answers when asked whether a listing is still on offer (decision 084). */
export const CONFIRM_OUTCOMES = ["available", "let", "sold"] as const;
export type ConfirmOutcome = (typeof CONFIRM_OUTCOMES)[number];
/** Why an owner archived a listing from that question: shown with it in favourites and saved-search matches. */
export type ArchiveReason = Exclude<ConfirmOutcome, "available">;

/**
 * `POST /api/cabinet/realties/{id}/confirm`: the outcome (default `available`); `token`: the availability
 * e-mail's signed link, answered without a session.
 */
export const ConfirmBody = v.optional(
  v.object({
    outcome: v.optional(v.picklist(CONFIRM_OUTCOMES, INVALID.choice), "available"),
    token: v.optional(v.pipe(v.string(), v.maxLength(200, INVALID.tooLong))),
  }),
  { outcome: "available" },
);

/** The answer of `POST /api/cabinet/realties/{id}/confirm`: when it was confirmed, and where it stands now. */
export interface ApiConfirmation {
  confirmed_at: string;
  status: "active" | "archived";
  archive_reason: ArchiveReason | null;
}

/** Why visitors report a listing (decision 038). */
export const REPORT_REASONS = ["sold", "wrong_price", "fake", "duplicate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The reasons that count towards hiding a listing until a moderator decides. */
export const HIDING_REPORT_REASONS: readonly ReportReason[] = ["sold", "fake"];

/** `POST /api/realty/{id}/report`: a reason, and words of one's own (required for "other"). */
export const ReportBody = v.pipe(
  v.object({
    reason: v.picklist(REPORT_REASONS, INVALID.choice),
    text: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(REPORT_TEXT_MAX, INVALID.tooLong)), ""),
  }),
  v.forward(
    v.check((body) => body.reason !== "other" || body.text.length >= 3, INVALID.required),
    ["text"],
  ),
);
export type ReportInput = v.InferInput<typeof ReportBody>;

/** The reasons a moderator picks from when rejecting (shown to the owner in their language). */
export const REJECTION_CODES = ["incomplete", "photos", "price", "duplicate", "unavailable", "rules", "other"] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** A moderator's words to the owner (the reject form reads its limits). */
const RejectReason = v.pipe(v.string(), plainText(), v.trim(), v.maxLength(REJECTION_REASON_MAX, INVALID.tooLong));

/**
 * `POST /api/admin/realty/{id}/reject`: a reason from the list (`code`), the moderator's words (`reason`),
 * or both; `{"reason"}` alone is the original contract.
 */
export const RejectBody = v.pipe(
  v.object({
    code: v.optional(v.picklist(REJECTION_CODES, INVALID.choice)),
    reason: v.optional(RejectReason, ""),
  }),
  v.forward(
    v.check((body) => body.code !== undefined || body.reason.length >= 3, INVALID.required),
    ["reason"],
  ),
  v.forward(
    v.check((body) => body.code !== "other" || body.reason.length >= 3, INVALID.required),
    ["reason"],
  ),
);
export type RejectInput = v.InferInput<typeof RejectBody>;

/**
 * `POST /api/admin/realty/{id}/approve`: with `revision`, the `changes.updated_at` the moderator read —
 * changes edited since then are not approved unseen (409 `changes_changed`; decision 053).
 */
export const ApproveBody = v.object({
  revision: v.optional(v.pipe(v.string(), v.maxLength(40, INVALID.tooLong))),
});
export type ApproveInput = v.InferInput<typeof ApproveBody>;

/** A listing waiting in the moderation queue (`GET /api/admin/realty/moderation`). */
export interface ApiModerationItem {
  id: number;
  deal: Deal;
  type: ListingKind;
  type_id: number;
  title: string | null;
  title_lang: "en" | "ru" | "sr";
  city: ApiPlace | null;
  district: ApiPlace | null;
  address: string | null;
  price: number | null;
  area: number | null;
  rooms: number | null;
  currency: "EUR";
  image: ApiImage | null;
  /** The first few pictures (the admin preview has them all), and how many it has. */
  images: ApiImage[];
  image_count: number;
  description: string | null;
  lang: "en" | "ru" | "sr" | null;
  owner: { id: number; name: string };
  submitted_at: string | null;
  /** Back in the queue because of visitors' reports rather than a submission. */
  hidden_by_reports: boolean;
  /** Public, with visitors' open reports too few to take it off the site: keep it, or take it off (decision 085). */
  reported_public: boolean;
  /** Another listing it looks like a copy of (the submit check's rules), or null. */
  duplicate: { id: number; title: string | null; status: ListingStatus; match: "facts" | "photos" } | null;
  /** Open reports, newest first; a guest's (`guest`) never counts towards hiding a listing (decision 047). */
  reports: { reason: ReportReason; text: string | null; created_at: string; guest: boolean }[];
  /**
   * Changes to an approved listing that wait for this decision (decision 053), or null: each text that
   * changed, as the public sees it now and as proposed, and the photos added (not public yet). The card's
   * own title, description and `images` are then what the public sees.
   */
  changes: ApiModerationChanges | null;
  /** What should make a moderator look twice (decision 088): its owner's signals, then its own. */
  signals: ApiSignal[];
}

/** A text of a listing before and after its owner's change; the title is null when made from the facts. */
interface ApiTextChange {
  before: string | null;
  after: string | null;
}

export interface ApiModerationChanges {
  title: ApiTextChange | null;
  description: ApiTextChange | null;
  lang: ApiTextChange | null;
  added_images: ApiImage[];
  updated_at: string;
}

/** `GET /api/admin/realty/moderation?page=[&id=]`: what waits, oldest submission first; `id` finds one listing. */
export const ModerationQuery = v.object({
  page: intParamOr(1, MAX_PAGE, 1),
  per_page: intParamOr(1, 50, MODERATION_PER_PAGE),
  id: v.optional(IdParam),
});
