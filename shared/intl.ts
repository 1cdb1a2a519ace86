/**
 * Message formatting for both sides: parsed ICU messages through `icuFormatter`, numbers, dates and
 * relative times through the platform's Intl. The same small surface as @formatjs/intl's `IntlShape`,
 * without its weight in the browser (decisions 009 and 011).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { KnownTexts } from "./formatted-texts.ts";
import { icuFormatter, textFormats } from "./icu-format.ts";
import { type Locale, localeEntry } from "./locales.ts";

/**
 * Message id → parsed ICU syntax tree, or the text itself when the message has no ICU syntax (most
 * do: a plain string costs a fraction of a tree to serialize into each page and to read back).
 * `messagesFor` on the worker; the root and page data in the browser.
 */
export type Messages = Record<string, string | MessageFormatElement[]>;

/**
 * Messages as loader data carries them: one JSON text. React Router's data stream (turbo-stream)
 * encodes an object key by key and value by value, on the server before the first byte and again in
 * the browser before hydration; a page's few hundred messages were most of its values. A string is
 * one value (decision 016).
 */
export type PackedMessages = string & { readonly __packedMessages: true };

export function packMessages(messages: Messages): PackedMessages {
  return JSON.stringify(messages) as PackedMessages;
}

const unpacked = new Map<string, Messages>();

/**
 * The messages of a packed text; the same text gives the same object, so what is built from it (a
 * page's formatter) is kept across renders. The texts are few: one per language and scope list.
 */
export function unpackMessages(packed: PackedMessages): Messages {
  let messages = unpacked.get(packed);
  if (!messages) {
    messages = JSON.parse(packed) as Messages;
    unpacked.set(packed, messages);
  }
  return messages;
}

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

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
export function makeIntl(locale: Locale, messages: Messages, known?: KnownTexts | null): IntlFormatter {
  const tag = localeEntry(locale).intl;
  const formatText = textFormats(tag, known);
  const icu = icuFormatter(tag, formatText);
  return {
    locale: tag,
    formatMessage: ({ id }, values) => {
      const message = messages[id];
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
