import { createContext, type ReactNode, useContext, useMemo } from "react";
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

interface Merged {
  merged?: Messages;
  next: WeakMap<Messages, Merged>;
}
const mergedMessages: Merged = { next: new WeakMap() };

/**
 * The site-wide messages of the root data merged with the current page's own (client/i18n/
 * message-scopes.ts). The same parts (`unpackMessages` keeps one object per packed text) give the same
 * merged object, so the formatter is only rebuilt when a navigation brings new messages.
 */
export function usePageMessages(): Messages {
  let node = mergedMessages;
  const parts = messagesOfMatches(useMatches());
  for (const part of parts) {
    let next = node.next.get(part);
    if (!next) node.next.set(part, (next = { next: new WeakMap() }));
    node = next;
  }
  return (node.merged ??= Object.assign({}, ...parts) as Messages);
}
