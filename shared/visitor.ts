/**
 * What a kept page (decision 094) leaves out because it is the visitor's own: the header's account, the
 * unread badge, the hearts, the saved-search state and the phone widget's default country. The edge writes
 * it into a kept page for the visitor it is sent to (`VISITOR_DATA_ID`, and the no-JavaScript parts) unless
 * the browser runs scripts (decision 112), and `GET /api/visitor` answers it (private, never stored) — what
 * the app asks after hydration where the page carries none.
 */
import type { SessionUser } from "./api/auth.ts";
import type { AlertFrequency } from "./api/saved-searches.ts";
import { DEAL_SEGMENT } from "./listing-types.ts";
import { splitLocale } from "./locales.ts";

export const VISITOR_PATH = "/api/visitor";
/** The id of the kept page's `<script type="application/json">` holding the visitor's `Visitor`. */
export const VISITOR_DATA_ID = "visitor-data";

/** What marks the parts of a kept page the edge writes for a visitor without JavaScript. */
export const VISITOR_PART = "data-visitor";

/** A saved search as the "Save search" control needs it: its canonical query, for a guest without an id. */
export interface VisitorSavedSearch {
  query: string;
  id: number | null;
  /** What it is called; a guest's without a name of its own: null (named from the page's filters). */
  label: string | null;
  notify?: boolean;
  frequency?: AlertFrequency;
}

export interface Visitor {
  /** The signed-in visitor, or null. */
  user: Pick<SessionUser, "id" | "name" | "role" | "roles" | "phone_verified" | "image_variants"> | null;
  /** Ids of the visitor's favourite listings (account or guest cookie), newest first. */
  favourites: number[];
  /** Signed in: the unread messages (the header's badge); then live. */
  unreadMessages?: number;
  /** Signed in: the messages page (locale-free). */
  messagesPath?: string;
  /**
   * The visitor's saved searches (account or guest cookie): the search pages' "Save search" state. Only a
   * kept page's visitor has them (a page rendered for the visitor has its own state in its data).
   */
  savedSearches?: VisitorSavedSearch[];
  /** ISO-2 country from the edge, when known: the phone widget's default. */
  country?: string;
}

const DEAL = /* @__PURE__ */ new Set<string>(/* @__PURE__ */ Object.values(DEAL_SEGMENT));

/** Which of the visitor's parts a kept page shows: hearts (all but the media pages), saved searches (search, lists). */
export function visitorPartsOf(pathname: string): { favourites: boolean; savedSearches: boolean } {
  const { rest } = splitLocale(pathname);
  const segments = rest.split("/").filter(Boolean);
  const list = DEAL.has(segments[0] ?? "") && !/^\d+$/.test(segments[3] ?? "");
  return { favourites: !rest.startsWith("/media/"), savedSearches: rest === "/search/" || list };
}

/**
 * Pages kept once for everyone, signed in or not (decision 094): home, search, the lists and detail
 * pages, the media section, agencies' pages and their directory. `signedIn` leaves out the detail pages: a signed-in visitor's contact block
 * (a number they paid for, the message form) is theirs, so they get a fresh render there.
 */
export function keptForEveryone(pathname: string, signedIn: boolean): boolean {
  const { rest } = splitLocale(pathname);
  if (rest === "/" || rest === "/search/" || rest.startsWith("/media/")) return true;
  // Agencies' pages and their directory (decision 103): listings' cards, as the lists.
  if (rest === "/agencies/" || rest.startsWith("/agency/")) return true;
  const segments = rest.split("/").filter(Boolean);
  if (!DEAL.has(segments[0] ?? "")) return false;
  const detail = segments.length === 4 && /^\d+$/.test(segments[3]!);
  return !(detail && signedIn);
}
