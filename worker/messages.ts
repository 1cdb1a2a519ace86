import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import type { Locale } from "#shared/locales.ts";
import type { Messages } from "#shared/intl.ts";

const MESSAGES: Record<Locale, Messages> = { en, ru, sr };

/** The active locale's messages only; they travel to the browser with the root loader's data. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
