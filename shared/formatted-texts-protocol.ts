/**
 * The numbers, dates and lists a page shows, as the server's Intl wrote them, so that the browser
 * hydrating the page formats nothing itself (decision 018). The first Intl number, date or list
 * format of a page loads the browser's locale data: 12–20 ms of one task on a 2-core desktop, several
 * times that on a slow phone, for texts that are already in the document. Anything the table does
 * not hold is formatted by Intl as before, so a missing entry costs time, never a wrong text.
 * The shape and id of the table both sides share: the server's table is `worker/formatted-texts-table.ts`,
 * its writer `worker/middleware/formatted-texts-writer.ts`, the browser's reader `client/i18n/formatted-texts-reader.ts`.
 */

/** The id of the page's JSON data block that carries the table (written by the worker before `</body>`). */
export const FORMATTED_TEXTS_ID = "formatted-texts";

/**
 * The table as the page carries it. Formatters are a kind letter and the options' JSON
 * (`n{"style":"currency",…}`), inputs the arguments' JSON (`[39000]`): never a name objects inherit.
 */
export interface FormattedTextsData {
  /** The Intl tag they were formatted in (`sr-Latn-RS`): another language does not use them. */
  locale: string;
  /** Formatter → input → text. */
  texts: Record<string, Record<string, string> | undefined>;
}

/** Where formatters look a text up before they ask Intl, and keep what Intl made. */
export interface KnownTexts {
  get(locale: string, formatter: string, input: string): string | undefined;
  /** The server's table keeps each text; the browser's keeps nothing. */
  set?(locale: string, formatter: string, input: string, text: string): void;
}
