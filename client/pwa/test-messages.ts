/** For the page side's tests: what `virtual:pwa-messages` holds, made from locales/*.json as the plugin does. */
import en from "#locales/en.json" with { type: "json" };
import ru from "#locales/ru.json" with { type: "json" };
import sr from "#locales/sr.json" with { type: "json" };
import { type PwaCatalog, translator } from "./messages.ts";
import type { Locale } from "#shared/locales.ts";

const pwaOnly = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).filter(([id]) => id.startsWith("pwa.")));

export const TEST_CATALOG: PwaCatalog = { en: pwaOnly(en), ru: pwaOnly(ru), sr: pwaOnly(sr) };
export const testTranslate = (locale: Locale = "en") => translator(TEST_CATALOG, locale);
