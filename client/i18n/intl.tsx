import { createContext, type ReactNode, useContext, useMemo } from "react";
import { documentTexts, FormattedTextsContext } from "./formatted-texts-reader.ts";
import { useMatches } from "react-router";
import { type IntlFormatter, makeIntl, type Texts, type PackedTexts, unpackTexts } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const IntlContext = createContext<{ intl: IntlFormatter; locale: Locale } | null>(null);

export function I18nProvider({ locale, texts, children }: { locale: Locale; texts: Texts; children: ReactNode }) {
  // The server fills the page's table of formatted texts; the browser reads it back (decision 018).
  const serverTexts = useContext(FormattedTextsContext);
  const known = serverTexts ?? documentTexts;
  const value = useMemo(() => ({ intl: makeIntl(locale, texts, known), locale }), [locale, texts, known]);
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

/** The texts of every matched route's data (root first), as one object. */
export function textsOfMatches(matches: readonly ({ loaderData?: unknown } | undefined)[]): Texts[] {
  return matches.flatMap((match) => {
    const messages = (match?.loaderData as { messages?: PackedTexts } | null | undefined)?.messages;
    return messages ? [unpackTexts(messages)] : [];
  });
}

interface Merged {
  merged?: Texts;
  next: WeakMap<Texts, Merged>;
}
const mergedTexts: Merged = { next: new WeakMap() };

/**
 * The site-wide texts of the root data merged with the current page's own (client/i18n/
 * text-scopes.server.ts). The same parts (`unpackTexts` keeps one object per packed text) give the same
 * merged object, so the formatter is only rebuilt when a navigation brings new texts.
 */
export function usePageTexts(): Texts {
  let node = mergedTexts;
  const parts = textsOfMatches(useMatches());
  for (const part of parts) {
    let next = node.next.get(part);
    if (!next) node.next.set(part, (next = { next: new WeakMap() }));
    node = next;
  }
  return (node.merged ??= Object.assign({}, ...parts) as Texts);
}
