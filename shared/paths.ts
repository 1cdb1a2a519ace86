/**
 * Builders of the public paths (product §2) and of the two signed-in ones the header links to, locale-free
 * and with the trailing slash. Wrap a result in `localizePath` from `#shared/locales.ts` to add the locale
 * segment. Every page carries this module (decision 037): the cabinet's, the wizard's and the admin's
 * paths are in `private-paths.ts`.
 */
import { DEAL_SEGMENT, type Deal, type ListingKind } from "./listing-types.ts";

export const seg = (value: string | number) => encodeURIComponent(String(value));

export const STATIC_PAGES = {
  favourites: "/favourites/",
  about: "/about/",
  faq: "/faq/",
  privacyPolicy: "/privacy-policy/",
  userAgreement: "/user-agreement/",
  thankYou: "/thank-you/",
  moderationAdvice: "/moderation-advice/",
  unsubscribe: "/unsubscribe/",
  adCreationPolicy: "/ad_creation_policy/",
  safety: "/safety/",
  trust: "/trust/",
  /** The agencies by city (decision 103). */
  agencies: "/agencies/",
} as const;
export type StaticPage = keyof typeof STATIC_PAGES;

export const paths = {
  home: () => "/",
  search: () => "/search/",
  list: (deal: Deal, type?: ListingKind, citySlug?: string) =>
    `/${DEAL_SEGMENT[deal]}/` + (type ? `${type}/` : "") + (type && citySlug ? `${seg(citySlug)}/` : ""),
  detail: (deal: Deal, type: ListingKind, citySlug: string, id: number) =>
    `/${DEAL_SEGMENT[deal]}/${type}/${seg(citySlug)}/${id}/`,
  realty: (id: number | string) => `/realty/${seg(id)}/`,
  media: (...segments: string[]) => `/media/${segments.map((s) => `${seg(s)}/`).join("")}`,
  // The two signed-in pages every page links to (the header); the others are in private-paths.ts.
  cabinet: { main: () => "/cabinet/" },
  /** The back office's front page: the header links staff to it (private-paths.ts has the rest). */
  backOffice: () => "/admin/",
  listing: {
    create: () => "/listing/create/",
    /** A visitor's report of a public listing (decision 038), linked from its page. */
    report: (id: number | string) => `/listing/report/${seg(id)}/`,
  },
  page: (name: StaticPage) => STATIC_PAGES[name],
};
