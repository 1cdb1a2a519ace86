/**
 * The numbers, dates and lists a page shows, as the server's Intl wrote them, so that the browser
 * hydrating the page formats nothing itself (decision 018). The first Intl number, date or list
 * format of a page loads the browser's locale data: 12–20 ms of one task on a 2-core desktop, several
 * times that on a slow phone, for texts that are already in the document. Anything the table does
 * not hold is formatted by Intl as before, so a missing entry costs time, never a wrong text.
 */

/** The id of the page's JSON data block that carries the table (written by the worker before `</body>`). */
export const FORMATTED_TEXTS_ID = "formatted-texts";

export interface FormattedTextsData {
  /** The Intl tag they were formatted in (`sr-Latn-RS`): another language does not use them. */
  locale: string;
  /** Formatter (its kind and options) → input → text. */
  texts: Record<string, Record<string, string>>;
}

/** Where formatters look a text up before they ask Intl, and keep what Intl made. */
export interface KnownTexts {
  get(locale: string, formatter: string, input: string): string | undefined;
  /** The server's table keeps each text; the browser's keeps nothing. */
  set?(locale: string, formatter: string, input: string, text: string): void;
}

/** The table of one page: filled by the server's formatters, read back by the browser's. */
export class FormattedTexts implements KnownTexts {
  readonly locale: string;
  readonly #texts: Record<string, Record<string, string>>;

  constructor(locale: string, texts: Record<string, Record<string, string>> = {}) {
    this.locale = locale;
    this.#texts = texts;
  }

  get(locale: string, formatter: string, input: string): string | undefined {
    const texts = locale === this.locale && Object.hasOwn(this.#texts, formatter) ? this.#texts[formatter]! : undefined;
    return texts && Object.hasOwn(texts, input) ? texts[input] : undefined;
  }

  set(locale: string, formatter: string, input: string, text: string): void {
    if (locale === this.locale) (this.#texts[formatter] ??= {})[input] = text;
  }

  get empty(): boolean {
    return Object.keys(this.#texts).length === 0;
  }

  toJSON(): FormattedTextsData {
    return { locale: this.locale, texts: this.#texts };
  }

  /** The table as a JSON data block's content: `<` escaped, so no text can close the element. */
  toScriptText(): string {
    return JSON.stringify(this).replace(/</g, "\\u003c");
  }

  /** The table of a data block's text, or null when the text is not one. */
  static parse(text: string): FormattedTexts | null {
    try {
      const data = JSON.parse(text) as Partial<FormattedTextsData> | null;
      if (typeof data?.locale !== "string" || !data.texts || typeof data.texts !== "object") return null;
      return new FormattedTexts(data.locale, data.texts);
    } catch {
      return null;
    }
  }
}
