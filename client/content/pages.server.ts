import type { Locale } from "#shared/locales.ts";
import type { PageContent } from "./types.ts";

/**
 * The long texts of the static pages, one module per page and language. Only loaders import this
 * (`.server`), so the texts reach the browser once, inside the page's data, never in a bundle.
 */
const PAGES = {
  about: {
    en: () => import("./pages/about.en.ts"),
    ru: () => import("./pages/about.ru.ts"),
    sr: () => import("./pages/about.sr.ts"),
  },
  privacyPolicy: {
    en: () => import("./pages/privacy-policy.en.ts"),
    ru: () => import("./pages/privacy-policy.ru.ts"),
    sr: () => import("./pages/privacy-policy.sr.ts"),
  },
  userAgreement: {
    en: () => import("./pages/user-agreement.en.ts"),
    ru: () => import("./pages/user-agreement.ru.ts"),
    sr: () => import("./pages/user-agreement.sr.ts"),
  },
  moderationAdvice: {
    en: () => import("./pages/moderation-advice.en.ts"),
    ru: () => import("./pages/moderation-advice.ru.ts"),
    sr: () => import("./pages/moderation-advice.sr.ts"),
  },
  adCreationPolicy: {
    en: () => import("./pages/ad-creation-policy.en.ts"),
    ru: () => import("./pages/ad-creation-policy.ru.ts"),
    sr: () => import("./pages/ad-creation-policy.sr.ts"),
  },
  safety: {
    en: () => import("./pages/safety.en.ts"),
    ru: () => import("./pages/safety.ru.ts"),
    sr: () => import("./pages/safety.sr.ts"),
  },
} satisfies Record<string, Record<Locale, () => Promise<{ default: PageContent }>>>;

export type ContentPage = keyof typeof PAGES;

export async function pageContent(page: ContentPage, locale: Locale): Promise<PageContent> {
  return (await PAGES[page][locale]()).default;
}
