import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { type Visitor, VISITOR_DATA_ID, VISITOR_PART } from "#shared/visitor.ts";
import type { RootData } from "./root-data.ts";

/** The visitor the edge wrote into this kept document (undefined: not read yet; null: none). */
let theirs: Visitor | null | undefined;
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
 * The visitor's own parts of the page (decision 094): the root data's, unless the document was kept for
 * everyone — then the visitor the edge wrote into it. That one comes as an external store whose server
 * snapshot is nobody, so React hydrates the kept (generic) markup and renders the visitor's right after.
 */
export function useVisitor(): Visitor {
  const root = useRouteLoaderData<RootData>("root");
  const own = useSyncExternalStore(subscribe, snapshot, nobody);
  // The root data names the same parts (`RootData`), all but the saved searches only a kept page reads.
  return (root?.kept && own) || ((root ?? NOBODY) as Visitor);
}

const NOBODY = { user: null, favourites: [] };

/** What the edge wrote into the header's account slot (shown while the app's account loads). */
export const keptAccountHtml = () => keptAccount;

/**
 * The root data of a kept document is nobody's: the first navigation of a visitor with their own state
 * loads it again (with that page's data, in the same request), so the pages that read it see them.
 */
export function rootDataIsNobodys(): boolean {
  if (rootRefreshed || typeof document === "undefined" || !snapshot()) return false;
  rootRefreshed = true;
  return true;
}

/** Puts the visitor `GET /api/visitor` answered in place of the kept document's (none there). */
export function setVisitor(visitor: Visitor) {
  theirs = visitor;
  for (const listener of listeners) listener();
}

/** Whether the kept document carried a visitor (read once, on first use; none on the server). */
export const hasVisitor = () => typeof document !== "undefined" && snapshot() !== null;
