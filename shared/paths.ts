/**
 * Builders of every public, cabinet and admin path (SPEC §2), locale-free and with the trailing slash.
 * Wrap a result in `localizePath` from `#shared/locales.ts` to add the locale segment.
 */
import { DEAL_SEGMENT, type Deal, type PropertyType } from "./listing-types.ts";

const seg = (value: string | number) => encodeURIComponent(String(value));

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
} as const;
export type StaticPage = keyof typeof STATIC_PAGES;

export const paths = {
  home: () => "/",
  search: () => "/search/",
  list: (deal: Deal, type?: PropertyType, citySlug?: string) =>
    `/${DEAL_SEGMENT[deal]}/` + (type ? `${type}/` : "") + (type && citySlug ? `${seg(citySlug)}/` : ""),
  detail: (deal: Deal, type: PropertyType, citySlug: string, id: number) =>
    `/${DEAL_SEGMENT[deal]}/${type}/${seg(citySlug)}/${id}/`,
  realty: (id: number | string) => `/realty/${seg(id)}/`,
  media: (...segments: string[]) => `/media/${segments.map((s) => `${seg(s)}/`).join("")}`,
  cabinet: {
    main: () => "/cabinet/",
    favourites: () => "/cabinet/favourites/",
    personal: () => "/cabinet/personal/",
    savedSearches: () => "/cabinet/saved-searches/",
    messages: () => "/cabinet/messages/",
    payment: () => "/cabinet/payment/",
    paymentSuccess: () => "/cabinet/payment/success/",
    paymentError: () => "/cabinet/payment/error/",
    /** A listing's statistics for its owner (issue 19 item 6). */
    statistics: (id: number | string) => `/cabinet/statistics/${seg(id)}/`,
  },
  listing: {
    create: () => "/listing/create/",
    edit: (id: number | string) => `/listing/edit/${seg(id)}/`,
    preview: (id: number | string) => `/listing/preview/${seg(id)}/`,
    /** The expiry reminder's link: renew without signing in (`?token=`, issue 19 item 3). */
    renew: (id: number | string) => `/listing/renew/${seg(id)}/`,
    /** A visitor's report of a public listing (issue 19 item 5). */
    report: (id: number | string) => `/listing/report/${seg(id)}/`,
  },
  admin: {
    listingPreview: (id: number | string) => `/admin/listing/preview/${seg(id)}/`,
    /** Pending listings, oldest first (issue 19 item 4). */
    moderation: () => "/admin/moderation/",
  },
  page: (name: StaticPage) => STATIC_PAGES[name],
};
