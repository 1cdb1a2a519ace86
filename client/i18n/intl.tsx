import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type IntlFormatter, makeIntl, type Messages } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const IntlContext = createContext<{ intl: IntlFormatter; locale: Locale } | null>(null);

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
