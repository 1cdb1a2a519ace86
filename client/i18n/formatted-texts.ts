import { createContext } from "react";
import { FORMATTED_TEXTS_ID, FormattedTexts, type KnownTexts } from "#shared/formatted-texts.ts";

/** The table the server fills while it renders a page (entry.server.tsx provides it; decision 018). */
export const FormattedTextsContext = createContext<FormattedTexts | null>(null);

let pageTable: FormattedTexts | null = null;

/**
 * The table the document arrived with, for the browser's formatters. Looked for at each lookup until
 * found: hydration can start while the end of a streamed document, which carries it, is on its way.
 */
export const documentTexts: KnownTexts = {
  get(locale, formatter, input) {
    if (!pageTable && typeof document !== "undefined") {
      const block = document.getElementById(FORMATTED_TEXTS_ID);
      if (block) pageTable = FormattedTexts.parse(block.textContent ?? "");
    }
    return pageTable?.get(locale, formatter, input);
  },
};
