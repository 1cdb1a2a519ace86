import { createContext, useContext } from "react";
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { restoreScroll, SCROLL_POSITIONS_KEY } from "./restore-scroll.ts";

/** The response's CSP nonce, for inline scripts the server renders (entry.server.tsx provides it). */
export const DocumentNonceContext = createContext<string | undefined>(undefined);

const SCRIPT = `(${restoreScroll})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/**
 * React Router's scroll restoration (positions saved as the visitor leaves an entry, restored on
 * back and forward, the top of the page on a new one) with our script before the first paint in
 * place of its own, which reads session storage on every page load (decision 019).
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY });
  const nonce = useContext(DocumentNonceContext);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
