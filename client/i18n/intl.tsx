import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";
import { documentTexts, FormattedTextsContext } from "./formatted-texts.ts";
import { useMatches } from "react-router";
import { type IntlFormatter, makeIntl, type Messages, type PackedMessages, unpackMessages } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const IntlContext = createContext<{ intl: IntlFormatter; locale: Locale } | null>(null);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  // The server fills the page's table of formatted texts; the browser reads it back (decision 018).
  const serverTexts = useContext(FormattedTextsContext);
  const known = serverTexts ?? documentTexts;
  const value = useMemo(() => ({ intl: makeIntl(locale, messages, known), locale }), [locale, messages, known]);
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

/** The messages of every matched route's data (root first), as one object. */
export function messagesOfMatches(matches: readonly ({ loaderData?: unknown } | undefined)[]): Messages[] {
  return matches.flatMap((match) => {
    const messages = (match?.loaderData as { messages?: PackedMessages } | null | undefined)?.messages;
    return messages ? [unpackMessages(messages)] : [];
  });
}

/**
 * The site-wide messages of the root data merged with the current page's own (client/i18n/
 * message-scopes.ts). The merged object is kept while its parts are the same objects, so the
 * formatter is only rebuilt when a navigation brings new messages.
 */
export function usePageMessages(): Messages {
  const parts = messagesOfMatches(useMatches());
  const last = useRef<{ parts: Messages[]; merged: Messages } | null>(null);
  const same = last.current && last.current.parts.length === parts.length && last.current.parts.every((p, i) => p === parts[i]);
  if (!same) last.current = { parts, merged: Object.assign({}, ...parts) as Messages };
  return last.current!.merged;
}
