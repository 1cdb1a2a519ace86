import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { type Visitor, VISITOR_DATA_ID, VISITOR_PART } from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";

/**
 * This kept document's visitor: the one the edge wrote into it, else the one this tab last knew (until
 * `GET /api/visitor` answers), then the answer. Undefined: not read yet; null: none.
 */
let theirs: Visitor | null | undefined;
/** Known to have nothing of their own (the edge said so, or the answer): no root data to reload. */
let nothingOwn = false;
/** Whether the document was kept for everyone (its root data nobody's): set once React owns it. */
let keptDocument = false;
/** The account the edge wrote for a browser without JavaScript, shown until the app's own has loaded. */
let keptAccount = "";
let rootRefreshed = false;
const listeners = new Set<() => void>();

function snapshot(): Visitor | null {
  if (theirs === undefined) {
    const json = document.getElementById(VISITOR_DATA_ID)?.textContent;
    theirs = json ? (JSON.parse(json) as Visitor) : null;
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

/** The root's part (after-hydration.ts): this document was kept for everyone, its root data nobody's. */
export function noteKeptDocument(root: RootData | undefined) {
  keptDocument ||= Boolean(root?.kept);
}

/**
 * For visitor-answer.ts: shows `visitor`; `nothing`: this document's visitor is known to have nothing of
 * their own.
 */
export function showVisitor(visitor: Visitor | null, nothing = false) {
  nothingOwn = nothing;
  theirs = visitor;
  for (const listener of listeners) listener();
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
  if (nothingOwn) return false;
  rootRefreshed = true;
  return true;
}
