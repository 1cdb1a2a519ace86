import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { SCRIPTS_COOKIE_MAX_AGE_S, SCRIPTS_COOKIE_NAME } from "#shared/constants.ts";
import {
  NOBODY_TIMING,
  type Visitor,
  VISITOR_DATA_ID,
  VISITOR_PART,
  VISITOR_PATH,
  VISITOR_SHOWN_PARAM,
} from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";

/**
 * This kept document's visitor: the one the edge wrote into it, else the one this tab last knew (until
 * `GET /api/visitor` answers), then the answer. Undefined: not read yet; null: none.
 */
let theirs: Visitor | null | undefined;
/** Whether `theirs` is this document's own (written by the edge, or answered), not the one remembered. */
let known = false;
/** Whether the document was kept for everyone (its root data nobody's): set once React owns it. */
let keptDocument = false;
let asked = false;
/** The account the edge wrote for a browser without JavaScript, shown until the app's own has loaded. */
let keptAccount = "";
let rootRefreshed = false;
const listeners = new Set<() => void>();
/** This tab's last visitor (sessionStorage): a signed-in person's header shows at once on the next kept page. */
const REMEMBERED = "kvadrat.visitor";

function snapshot(): Visitor | null {
  if (theirs === undefined) {
    const json = document.getElementById(VISITOR_DATA_ID)?.textContent;
    // Nothing of their own, says the edge: nobody, known at once (not the tab's last visitor).
    known = Boolean(json) || edgeSaysNobody();
    theirs = json ? (JSON.parse(json) as Visitor) : known ? null : remembered();
    keptAccount = document.querySelector(`[${VISITOR_PART}="account"]`)?.innerHTML ?? "";
  }
  return theirs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While hydrating (and on the server) the page is nobody's: its markup is the kept one. */
const nobody = () => null;

/**
 * The visitor's own parts of the page (decisions 094, 112): the root data's, unless the document was kept
 * for everyone — then the visitor the edge wrote into it or `GET /api/visitor` answered (the one this tab
 * last knew meanwhile). That one comes as an external store whose server snapshot is nobody, so React
 * hydrates the kept (generic) markup and renders the visitor's right after.
 */
export function useVisitor(): Visitor {
  const root = useRouteLoaderData<RootData>("root");
  const own = useSyncExternalStore(subscribe, snapshot, nobody);
  // The root data names the same parts (`RootData`), all but the saved searches only a kept page reads.
  return (root?.kept && own) || ((root ?? NOBODY) as Visitor);
}

const NOBODY: Visitor = { user: null, favourites: [] };

/**
 * The root's part (decision 112), after hydration: marks this browser as one that runs scripts; on a kept
 * document without its visitor written in, asks `GET /api/visitor` once (naming the saved search the page
 * shows, marked opened for its owner); on any other, remembers the root data's visitor for this tab.
 */
export function useKeptPageVisitor() {
  const root = useRouteLoaderData<RootData>("root");
  useEffect(markScripts, []);
  useEffect(() => {
    if (!root?.kept) {
      if (root) remember(root);
      return settled();
    }
    keptDocument = true;
    snapshot();
    if (!known) return askVisitor();
    remember(theirs ?? NOBODY);
    settled();
  }, [root]);
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
      known = true;
      remember(answer);
      setVisitor(answer);
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

/** Whether a visitor has anything of their own a page shows. */
const hasOwn = (visitor: Visitor | null | undefined) =>
  Boolean(visitor && (visitor.user || visitor.favourites.length || visitor.savedSearches?.length));

/** Keeps this tab's visitor (its parts the header and hearts show), or forgets a visitor with nothing of their own. */
function remember(visitor: Pick<Visitor, "user" | "favourites" | "unreadMessages" | "messagesPath">) {
  try {
    if (!hasOwn(visitor as Visitor)) return sessionStorage.removeItem(REMEMBERED);
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

/** What the edge wrote into the header's account slot (shown while the app's account loads). */
export const keptAccountHtml = () => keptAccount;

/**
 * The root data of a kept document is nobody's: the first navigation of a visitor with their own state —
 * or of one not known yet, the answer still on its way — loads it again (with that page's data, in the
 * same request), so the pages that read it (the cabinet) see them.
 */
export function rootDataIsNobodys(): boolean {
  if (rootRefreshed || typeof document === "undefined" || !keptDocument) return false;
  if (known && !hasOwn(snapshot())) return false;
  rootRefreshed = true;
  return true;
}

/** Puts the visitor `GET /api/visitor` answered in place of the one shown meanwhile. */
function setVisitor(visitor: Visitor) {
  theirs = visitor;
  for (const listener of listeners) listener();
}
