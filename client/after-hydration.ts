import { useEffect } from "react";
import type { RootData } from "./root-data.ts";
import { noteKeptDocument } from "./visitor.ts";

/**
 * The root's work once React owns the document: marks it hydrated (tests and audits wait for this instead
 * of guessing), then loads `visitor-answer.ts` (decision 112; no page's first load carries it), which marks
 * this browser as one that runs scripts and, on a kept document without its visitor written in, asks
 * `GET /api/visitor`. Only the root imports this, so the loading is the root chunk's, not the core's.
 */
export function useAfterHydration(root: RootData | undefined) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    noteKeptDocument(root);
    void import("./visitor-answer.ts").then((answer) => answer.afterHydration(root));
  }, [root]);
}
