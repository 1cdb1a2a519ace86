import type { FormattedTextsData, KnownTexts } from "#shared/formatted-texts-protocol.ts";

/**
 * The table of formatted texts of the page being rendered (decision 018): its formatters keep every
 * text they make here, and `worker/middleware/formatted-texts-writer.ts` writes it into the page.
 */
export class FormattedTextsTable implements KnownTexts {
  readonly #data: FormattedTextsData;

  constructor(locale: string) {
    this.#data = { locale, texts: {} };
  }

  get(locale: string, formatter: string, input: string): string | undefined {
    return locale === this.#data.locale ? this.#data.texts[formatter]?.[input] : undefined;
  }

  set(locale: string, formatter: string, input: string, text: string): void {
    if (locale === this.#data.locale) (this.#data.texts[formatter] ??= {})[input] = text;
  }

  get empty(): boolean {
    return Object.keys(this.#data.texts).length === 0;
  }

  /** The table as a JSON data block's content: `<` escaped, so no text can close the element. */
  toScriptText(): string {
    return JSON.stringify(this.#data).replace(/</g, "\\u003c");
  }
}
