/**
 * Message formatting for both sides: ICU messages through intl-messageformat (formatjs's formatter),
 * numbers, dates and relative times through the platform's Intl. The same small surface as
 * @formatjs/intl's `IntlShape`, without its weight in the browser (decision 009).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { type Locale, localeEntry } from "./locales.ts";

/** Message id → ICU text, or its parsed syntax tree (what the browser gets). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface IntlFormatter {
  locale: string;
  formatMessage(descriptor: { id: string }, values?: MessageValues): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: string | number | Date, options?: Intl.DateTimeFormatOptions): string;
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

/** Formatters are costly to build: one per locale and options, kept for the isolate's or page's life. */
function memo<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(key)));
    return value;
  };
}

export function makeIntl(locale: Locale, messages: Messages): IntlFormatter {
  const tag = localeEntry(locale).intl;
  const formats = memo((id) => {
    const source = (messages as Record<string, string | MessageFormatElement[]>)[id];
    // A missing key is a bug the locale tests catch; in the page it shows the key.
    return source === undefined ? null : new IntlMessageFormat(source, tag);
  });
  const numbers = memo((options) => new Intl.NumberFormat(tag, JSON.parse(options)));
  const dates = memo((options) => new Intl.DateTimeFormat(tag, JSON.parse(options)));
  const relative = memo((options) => new Intl.RelativeTimeFormat(tag, JSON.parse(options)));
  return {
    locale: tag,
    formatMessage: ({ id }, values) => {
      const format = formats(id);
      if (!format) return id;
      try {
        return String(format.format(values as Record<string, string | number>));
      } catch {
        // A message whose {argument} was not given: show its id rather than fail the page.
        return id;
      }
    },
    formatNumber: (value, options = {}) => numbers(JSON.stringify(options)).format(value),
    formatDate: (value, options = {}) => dates(JSON.stringify(options)).format(new Date(value)),
    formatRelativeTime: (value, unit, options = {}) => relative(JSON.stringify(options)).format(value, unit),
  };
}
