import { createContext } from "react";
import { FORMATTED_TEXTS_ID, type FormattedTextsData, type KnownTexts } from "#shared/formatted-texts-protocol.ts";

/** The table the server fills while it renders a page (entry.server.tsx provides it; decision 018). */
export const FormattedTextsContext = createContext<KnownTexts | null>(null);

let pageTable: FormattedTextsData | null | undefined;

/**
 * The table the document arrived with, for the browser's formatters. Looked for at each lookup until
 * found: hydration can start while the end of a streamed document, which carries it, is on its way.
 * A block that is not the table (a document cut short) is no table: Intl formats then.
 */
export const documentTexts: KnownTexts = {
  get(locale, formatter, input) {
    const block =
      pageTable !== undefined || typeof document === "undefined" ? null : document.getElementById(FORMATTED_TEXTS_ID);
    if (block) {
      try {
        pageTable = JSON.parse(block.textContent!) as FormattedTextsData;
      } catch {
        pageTable = null;
      }
    }
    return pageTable?.locale === locale ? pageTable.texts[formatter]?.[input] : undefined;
  },
};
