/** An owner's listing (worker/db/owner-listings.ts) as the cabinet's card: its days left, changes and actions. */
import { REJECTION_CODES, type ApiOwnerListing, type RejectionCode } from "#shared/api/cabinet.ts";
import { OWNER_ACTIONS, type OwnerAction } from "#shared/listing-states.ts";
import { SITE_TIME_ZONE } from "#shared/constants.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { ownerMay, type OwnerListingRow } from "#worker/db/owner-listings.ts";
import { confirmDue } from "#worker/db/listing-availability.ts";
import { firstImage } from "./image.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const siteDate = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE });
/** The calendar day in Serbia of a moment, as the UTC midnight of that date (`en-CA` writes 2026-11-25). */
const siteDay = (ms: number) => Date.parse(siteDate.format(ms));

/**
 * Calendar days in Serbia from now to the end of a run: 0 on its last day ("expires today"), 30 right
 * after a renewal, whatever the hour.
 */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.round((siteDay(expiresAt) - siteDay(now)) / DAY_MS));
}

const ACTIONS = Object.keys(OWNER_ACTIONS) as OwnerAction[];

interface RevisionSummary {
  status: "pending" | "rejected";
  rejection_code: string | null;
  rejection_reason: string | null;
  submitted_at: number;
}

const ownerChanges = (r: RevisionSummary): ApiOwnerListing["changes"] => ({
  status: r.status,
  rejection_code: (REJECTION_CODES as readonly string[]).includes(r.rejection_code ?? "")
    ? (r.rejection_code as RejectionCode)
    : null,
  rejection_reason: r.rejection_reason,
  submitted_at: iso(r.submitted_at)!,
});

export function toOwnerListing(row: OwnerListingRow, locale: Locale, now: number): ApiOwnerListing {
  const active = row.status === "active";
  const rejected = row.status === "rejected";
  return {
    id: row.id,
    status: row.status,
    deal: row.deal,
    type: row.property_type,
    type_id: row.type_id,
    ...shownTitle(row, locale),
    path: active && row.city_slug ? paths.detail(row.deal, row.property_type, row.city_slug, row.id) : null,
    city: row.city_slug ? { slug: row.city_slug, name: row.city_name ?? row.city_slug } : null,
    district: row.district_slug ? { slug: row.district_slug, name: row.district_name ?? row.district_slug } : null,
    price: row.price,
    currency: "EUR",
    image: firstImage(row.image_json),
    image_count: row.image_count,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    expires_at: active ? iso(row.expires_at) : null,
    days_left: active ? daysLeft(row.expires_at, now) : null,
    published_at: iso(row.published_at),
    checked_at: iso(row.checked_at),
    confirmed_at: active ? iso(row.confirmed_at) : null,
    confirm_due: active && confirmDue(row, now),
    unconfirmed_at: active ? iso(row.unconfirmed_at) : null,
    archive_reason: row.status === "archived" ? row.archive_reason : null,
    submitted_at: iso(row.submitted_at),
    // A reason belongs to the rejection the listing is in; a resubmitted listing's old one is not shown.
    rejection_code:
      rejected && (REJECTION_CODES as readonly string[]).includes(row.rejection_code ?? "")
        ? (row.rejection_code as RejectionCode)
        : null,
    rejection_reason: rejected ? row.rejection_reason : null,
    hidden_by_reports: row.status === "pending" && row.hidden_at !== null,
    hidden_by_staff: row.staff_hidden_at === null ? null : { reason: row.staff_hidden_reason ?? "" },
    changes: row.revision_json ? ownerChanges(JSON.parse(row.revision_json) as RevisionSummary) : null,
    totals: { views: row.views, contacts: row.phone + row.messages, favourites: row.favourites },
    actions: ACTIONS.filter((action) => ownerMay(action, row)),
  };
}
