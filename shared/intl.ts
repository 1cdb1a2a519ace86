import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { type Locale, localeEntry } from "./locales.ts";

export type Messages = Record<string, string>;

const cache = createIntlCache();

/** An @formatjs/intl instance for one locale; numbers and dates format per the locale's region. */
export function makeIntl(locale: Locale, messages: Messages): IntlShape {
  return createIntl(
    {
      locale: localeEntry(locale).intl,
      defaultLocale: "en-GB",
      messages,
      onError: (error) => {
        // A missing key is a bug the locale tests catch; in the page it falls back to the key.
        if (import.meta.env?.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}
