/**
 * What the saved-search pages and controls (decision 041) hand between loader, action and component: the
 * "Save search" control of the search and list pages, the guests' panel on the favourites page and the
 * cabinet's list (`/cabinet/saved-searches/`).
 */
import type { AlertFrequency, SavedQuery, SavedSearch } from "#shared/api/saved-searches.ts";
import type { LabelPlaces } from "#shared/saved-search-label.ts";

/** Messages of the saved-search lists and their filters' chips (the cabinet's page, the guests' panel). */
export const SAVED_SEARCHES_MESSAGES = ["savedSearches", "savedSearch.label", "search.kind"];

/** The guests' saved searches: the favourites page's panel (its element id, the control's "Manage" link). */
export const GUEST_PANEL_ID = "saved-searches";

/** The posts of the "Save search" control (search and list pages) and of the guests' panel. */
const SAVE_INTENTS = ["save-search", "unsave-search"] as const;
export type SaveIntent = (typeof SAVE_INTENTS)[number];
export const isSaveIntent = (value: unknown): value is SaveIntent => SAVE_INTENTS.includes(value as SaveIntent);

/** The "Save search" control's data (the page loader's `save`). */
export interface SaveSearchData {
  /** The page's filters in canonical form: what the form posts. */
  query: string;
  /** What the search is (or would be) called. */
  label: string;
  /** Saved: the account's id of it and its alerts (a guest's, kept in the cookie, has neither). */
  saved: SavedState | null;
  signedIn: boolean;
  /** Where the person's saved searches are: the cabinet's page, or a guest's panel of the favourites page. */
  manage: string;
}

export interface SavedState {
  id: number | null;
  alerts?: AlertChoice;
}

/** The action's answer to the control (a plain post without JavaScript is sent back to the page instead). */
export type SaveSearchResult =
  | { ok: true; intent: SaveIntent; query: string; saved: SavedState | null }
  | { ok: false; intent: SaveIntent | null; query: string; error: string; serverMessage?: string };

/** A saved search as a list shows it: with its filters' place names and the page that opens it. */
export interface SavedSearchItem {
  /** The account's id, or null for a guest's (told apart by `query`). */
  id: number | null;
  /** Canonical query. */
  query: string;
  label: string;
  filters: SavedQuery;
  places: LabelPlaces;
  /** The search page of its filters (locale-free). */
  href: string;
}

/** A signed-in person's saved search on the cabinet page. */
export interface AccountSavedSearch extends SavedSearchItem {
  id: number;
  name: string | null;
  notify: boolean;
  frequency: AlertFrequency;
  newCount: number;
  /** More new listings than `newCount` (decision 116). */
  newCountCapped: boolean;
}

/** The cabinet page's posts: each names the saved search by `id`. */
const CABINET_INTENTS = ["rename", "alerts", "delete"] as const;
export type CabinetIntent = (typeof CABINET_INTENTS)[number];
export const isCabinetIntent = (value: unknown): value is CabinetIntent =>
  CABINET_INTENTS.includes(value as CabinetIntent);

/** The alert choices of the cabinet's form: none, or how often. */
export const ALERT_CHOICES = ["off", "daily", "instant"] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
export const alertChoiceOf = (search: Pick<SavedSearch, "notify" | "frequency">): AlertChoice =>
  search.notify ? search.frequency : "off";

export type CabinetResult =
  | { ok: true; intent: CabinetIntent; id: number }
  | {
      ok: false;
      intent: CabinetIntent | null;
      id: number | null;
      /** Message id for the whole form; `name` for the rename field. */
      error?: string;
      fields: { name?: string };
      /** What was typed, to show again. */
      name?: string;
      serverMessage?: string;
    };
