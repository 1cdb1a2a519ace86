/**
 * What the cabinet's "My listings" does with a listing, shared by the page's action (server) and its cards
 * (browser): the actions a card posts, the page's URLs, and how a card looks the moment an action is sent
 * (optimistic: the answer or the reloaded list replaces it).
 */
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import {
  allows,
  CABINET_TABS,
  OWNER_ACTIONS,
  TAB_STATUSES,
  type CabinetTab,
  type OwnerAction,
} from "#shared/listing-states.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";

/** What a card's forms post (`intent`): the owner's state changes, submitting, and submitting past a duplicate. */
const CARD_INTENTS = ["archive", "restore", "renew", "relevant", "delete", "submit", "force"] as const;
export type CardIntent = (typeof CARD_INTENTS)[number];

export const isCardIntent = (value: unknown): value is CardIntent =>
  typeof value === "string" && (CARD_INTENTS as readonly string[]).includes(value);

/**
 * What the page says a post did (`?done=` after a plain post): the intent, except a restore, which says
 * whether the listing went live again or to review (a listing never published must be reviewed first).
 */
export type DoneNote =
  | Exclude<CardIntent, "restore">
  | "restoredLive"
  | "restoredReview"
  // The availability banner's answers (decision 084).
  | AvailabilityNote;

/** What the availability banner's posts say they did. */
const AVAILABILITY_NOTES = ["available", "let", "sold"] as const;
export type AvailabilityNote = (typeof AVAILABILITY_NOTES)[number];
export const isAvailabilityNote = (value: unknown): value is AvailabilityNote =>
  (AVAILABILITY_NOTES as readonly unknown[]).includes(value);

export function doneNote(intent: CardIntent, after: Pick<ApiOwnerListing, "status"> | null | undefined): DoneNote {
  if (intent !== "restore") return intent;
  return after?.status === "active" ? "restoredLive" : "restoredReview";
}

export const isDoneNote = (value: unknown): value is DoneNote =>
  value === "restoredLive" ||
  value === "restoredReview" ||
  isAvailabilityNote(value) ||
  (value !== "restore" && isCardIntent(value));

/** The intents after which the card shows other actions (and may leave its tab). */
export const MOVING_INTENTS: readonly CardIntent[] = ["archive", "restore", "delete", "submit", "force"];

/** What the action answers a card's post. */
export type CardResult =
  | {
      ok: true;
      id: number;
      intent: CardIntent;
      /** The listing after the change, when the API gives it (state changes; not submitting or deleting). */
      listing?: ApiOwnerListing;
    }
  | {
      ok: false;
      id: number | null;
      intent: CardIntent | null;
      /** A message id. */
      error: string;
      /** Submitting found a listing this one looks like a copy of. */
      duplicate?: { id: number; title: string | null };
      /** Submitting found required facts missing. */
      incomplete?: boolean;
      /** The API's message of a 500 (client/api/api-failures.ts). */
      serverMessage?: string;
    };

/** `?tab=` of the page; anything else is the first tab. */
export function parseTab(value: string | null): CabinetTab {
  return (CABINET_TABS as readonly string[]).includes(value ?? "") ? (value as CabinetTab) : "active";
}

/** The tab a listing in `status` is shown in. */
export function tabOfStatus(status: ListingStatus): CabinetTab {
  return CABINET_TABS.find((tab) => TAB_STATUSES[tab].includes(status)) ?? "archive";
}

/** The query of the cabinet's page of a tab (`?tab=…&page=…`), with more parameters (`confirm`, `done`). */
export function cabinetQuery(tab: CabinetTab, page = 1, extra: Record<string, string | number> = {}): string {
  const query = new URLSearchParams({ tab });
  if (page > 1) query.set("page", String(page));
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  return `?${query}`;
}

/** The cabinet's page of a tab, locale-free. */
export const cabinetHref = (tab: CabinetTab, page = 1, extra: Record<string, string | number> = {}) =>
  paths.cabinet.main() + cabinetQuery(tab, page, extra);

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIONS = Object.keys(OWNER_ACTIONS) as OwnerAction[];

function inState(listing: ApiOwnerListing, status: ListingStatus): ApiOwnerListing {
  const active = status === "active";
  return {
    ...listing,
    status,
    path: active ? listing.path : null,
    expires_at: active ? listing.expires_at : null,
    days_left: active ? listing.days_left : null,
    rejection_code: status === "rejected" ? listing.rejection_code : null,
    rejection_reason: status === "rejected" ? listing.rejection_reason : null,
    hidden_by_reports: status === "pending" && listing.hidden_by_reports,
    actions: ACTIONS.filter((action) => allows(action, status)),
  };
}

/**
 * The listing as it will be once `intent` is done, shown while the post is on its way; null for a deletion.
 * A restore is guessed from whether the listing was ever published (the server also asks its history).
 */
export function expectedListing(listing: ApiOwnerListing, intent: CardIntent, now: number): ApiOwnerListing | null {
  const checked = new Date(now).toISOString();
  const run = () => ({
    expires_at: new Date(now + LISTING_RUN_DAYS * DAY_MS).toISOString(),
    days_left: LISTING_RUN_DAYS,
  });
  switch (intent) {
    case "archive":
      return inState(listing, "archived");
    case "restore":
      return listing.published_at
        ? { ...inState(listing, "active"), ...run(), checked_at: checked }
        : { ...inState(listing, "pending"), submitted_at: checked };
    case "renew":
      return { ...listing, ...run(), checked_at: checked };
    case "relevant":
      return { ...listing, checked_at: checked, confirmed_at: checked, confirm_due: false, unconfirmed_at: null };
    case "submit":
    case "force":
      return { ...inState(listing, "pending"), submitted_at: checked };
    case "delete":
      return null;
  }
}
