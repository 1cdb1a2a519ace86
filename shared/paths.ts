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
  },
  listing: {
    create: () => "/listing/create/",
    edit: (id: number | string) => `/listing/edit/${seg(id)}/`,
    preview: (id: number | string) => `/listing/preview/${seg(id)}/`,
  },
  admin: {
    listingPreview: (id: number | string) => `/admin/listing/preview/${seg(id)}/`,
  },
  page: (name: StaticPage) => STATIC_PAGES[name],
};
