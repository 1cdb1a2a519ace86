/**
 * Message formatting for both sides: parsed ICU messages through `icuFormatter`, numbers, dates and
 * relative times through the platform's Intl. The same small surface as @formatjs/intl's `IntlShape`,
 * without its weight in the browser (decisions 009 and 011).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { KnownTexts } from "./formatted-texts-protocol.ts";
import { icuFormatter, textFormats } from "./icu-format.ts";
import { type Locale, localeEntry } from "./locales.ts";

/**
 * Message id → parsed ICU syntax tree, or the text itself when the message has no ICU syntax (most
 * do: a plain string costs a fraction of a tree to serialize into each page and to read back).
 * `textsFor` on the worker; the root and page data in the browser.
 */
export type Texts = Record<string, string | MessageFormatElement[]>;

/**
 * Texts as loader data carries them: one JSON text. React Router's data stream (turbo-stream)
 * encodes an object key by key and value by value, on the server before the first byte and again in
 * the browser before hydration; a page's few hundred texts were most of its values. A string is
 * one value (decision 016).
 */
export type PackedTexts = string & { readonly __packedTexts: true };

export function packTexts(texts: Texts): PackedTexts {
  return JSON.stringify(texts) as PackedTexts;
}

const unpacked = new Map<string, Texts>();

/**
 * The texts of a packed string; the same text gives the same object, so what is built from it (a
 * page's formatter) is kept across renders. The texts are few: one per language and scope list.
 */
export function unpackTexts(packed: PackedTexts): Texts {
  let texts = unpacked.get(packed);
  if (!texts) {
    texts = JSON.parse(packed) as Texts;
    unpacked.set(packed, texts);
  }
  return texts;
}

type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface IntlFormatter {
  locale: string;
  formatMessage(descriptor: { id: string }, values?: MessageValues): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: string | number | Date, options?: Intl.DateTimeFormatOptions): string;
  formatRelativeTime(
    value: number,
    unit: Intl.RelativeTimeFormatUnit,
    options?: Intl.RelativeTimeFormatOptions,
  ): string;
  formatList(items: readonly string[], options?: Intl.ListFormatOptions): string;
}

/**
 * A formatter of one language. `known`: the page's table of formatted texts (decision 018), which the
 * server's formatter fills and the browser's reads before it asks Intl.
 */
export function makeIntl(locale: Locale, texts: Texts, known?: KnownTexts | null): IntlFormatter {
  const tag = localeEntry(locale).intl;
  const formatText = textFormats(tag, known);
  const icu = icuFormatter(tag, formatText);
  return {
    locale: tag,
    formatMessage: ({ id }, values) => {
      const message = texts[id];
      // A missing key is a bug the locale tests catch; in the page it shows the key.
      if (message === undefined) return id;
      if (typeof message === "string") return message;
      try {
        return icu.format(message, values);
      } catch {
        // A message whose {argument} was not given: show its id rather than fail the page.
        return id;
      }
    },
    formatNumber: (value, options = {}) => formatText(`n${JSON.stringify(options)}`, value),
    formatDate: (value, options = {}) => formatText(`d${JSON.stringify(options)}`, new Date(value)),
    formatRelativeTime: (value, unit, options = {}) => formatText(`r${JSON.stringify(options)}`, value, unit),
    formatList: (items, options = {}) => formatText(`l${JSON.stringify(options)}`, items),
  };
}
