import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type Locale, localeEntry } from "#shared/locales.ts";

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

const IntlContext = createContext<{ intl: IntlShape; locale: Locale } | null>(null);

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ intl: makeIntl(locale, messages), locale }), [locale, messages]);
  return <IntlContext.Provider value={value}>{children}</IntlContext.Provider>;
}

export function useI18n() {
  const value = useContext(IntlContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  const { intl, locale } = value;
  return {
    locale,
    intl,
    t: (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
  };
}
