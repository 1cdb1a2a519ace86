/**
 * A kept document's visitor after hydration (decision 112), loaded by `useAfterHydration` once React owns
 * the page, so none of it is in a page's first load: the scripts' marker; on a kept document without its
 * visitor written in, the one this tab last knew at once and `GET /api/visitor`'s answer after it.
 */
import { type Visitor, VISITOR_DATA_ID, VISITOR_PATH } from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";
import { showVisitor } from "./visitor.ts";
import {
  NOBODY_TIMING,
  SCRIPTS_COOKIE_MAX_AGE_S,
  SCRIPTS_COOKIE_NAME,
  VISITOR_SHOWN_PARAM,
} from "#shared/visitor-request.ts";

const NOBODY: Visitor = { user: null, favourites: [] };

/** This tab's last visitor (sessionStorage): a signed-in person's header shows at once on the next kept page. */
const REMEMBERED = "kvadrat.visitor";

/** Whether a visitor has anything of their own a page shows. */
const hasOwn = (visitor: Pick<Visitor, "user" | "favourites" | "savedSearches">) =>
  Boolean(visitor.user || visitor.favourites.length || visitor.savedSearches?.length);
let asked = false;

/** Marks the browser, then applies the document's visitor (`root`: the root data, absent on an error page). */
export function afterHydration(root: RootData | undefined) {
  markScripts();
  if (!root?.kept) {
    if (root) remember(root);
    return settled();
  }
  const written = document.getElementById(VISITOR_DATA_ID)?.textContent;
  if (written) {
    remember(JSON.parse(written) as Visitor);
    return settled();
  }
  // Nothing of their own, says the edge: nobody, known at once (not the tab's last visitor).
  if (edgeSaysNobody()) {
    showVisitor(null, true);
    remember(NOBODY);
    return settled();
  }
  const last = remembered();
  if (last) showVisitor(last);
  askVisitor();
}

/**
 * Asks `GET /api/visitor` once for this document (naming the saved search the page shows) and applies the
 * answer; the phone widget asks through it too when the root did not (the country).
 */
export function askVisitor() {
  if (asked) return;
  asked = true;
  const shown = document.querySelector("#save-search[data-query]")?.getAttribute("data-query");
  const query = shown ? `?${new URLSearchParams({ [VISITOR_SHOWN_PARAM]: shown })}` : "";
  void fetch(VISITOR_PATH + query, { headers: { accept: "application/json" } })
    .then((res) => (res.ok ? (res.json() as Promise<Visitor>) : null))
    .then((answer) => {
      if (!answer) return;
      remember(answer);
      showVisitor(answer, !hasOwn(answer));
    })
    .catch(() => undefined)
    // After the render the answer brings (the store's updates render at once, before a task).
    .finally(() => setTimeout(settled));
}

/** Whether the edge said this kept document's visitor has nothing of their own (`NOBODY_TIMING`). */
function edgeSaysNobody(): boolean {
  const [navigation] = (performance.getEntriesByType?.("navigation") ?? []) as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((entry) => entry.name === NOBODY_TIMING) ?? false;
}

/**
 * Marks the document once its visitor's own parts are applied (or could not be asked for): tests and audits
 * wait for this with `data-hydrated`.
 */
function settled() {
  document.documentElement.dataset.visitorSettled = "";
}

/** The marker cookie (first-party, readable by the edge): this browser runs the app's scripts. */
function markScripts() {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SCRIPTS_COOKIE_NAME}=1; Path=/; SameSite=Lax; Max-Age=${SCRIPTS_COOKIE_MAX_AGE_S}${secure}`;
}

/** Keeps this tab's visitor (its parts the header and hearts show), or forgets a visitor with nothing of their own. */
function remember(visitor: Pick<Visitor, "user" | "favourites" | "unreadMessages" | "messagesPath">) {
  try {
    if (!hasOwn(visitor)) return sessionStorage.removeItem(REMEMBERED);
    const { user, favourites, unreadMessages, messagesPath } = visitor;
    sessionStorage.setItem(REMEMBERED, JSON.stringify({ user, favourites, unreadMessages, messagesPath }));
  } catch {
    // Storage refused (private mode, quota): the header waits for the answer.
  }
}

function remembered(): Visitor | null {
  try {
    const json = sessionStorage.getItem(REMEMBERED);
    return json ? (JSON.parse(json) as Visitor) : null;
  } catch {
    return null;
  }
}

/** Signing out: this tab's visitor is forgotten at once (the next kept page must not show them for a moment). */
export function forgetVisitor() {
  try {
    sessionStorage.removeItem(REMEMBERED);
  } catch {
    // Nothing was kept.
  }
}
