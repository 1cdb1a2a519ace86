/**
 * Builders of the signed-in pages' paths (product §2 cabinet, listing editing, admin) — pages under
 * `/cabinet/`, `/listing/` and `/admin/`, never kept by the page cache (page-query.ts) — apart from
 * `paths.ts`, which every page carries (decision 037). The cabinet's and the back office's front pages
 * and "Post listing" are there, as the header links to them.
 */
import { paths, seg } from "./paths.ts";

export const privatePaths = {
  cabinet: {
    favourites: () => "/cabinet/favourites/",
    /** The account's agency: founding one, its members, an invitation's link (`?invite=`, decision 098). */
    agency: () => "/cabinet/agency/",
    personal: () => "/cabinet/personal/",
    savedSearches: () => "/cabinet/saved-searches/",
    messages: () => "/cabinet/messages/",
    payment: () => "/cabinet/payment/",
    paymentSuccess: () => "/cabinet/payment/success/",
    paymentError: () => "/cabinet/payment/error/",
    /** The development sandbox's page that plays the payment provider (404 elsewhere, decision 040). */
    paymentSandbox: () => "/cabinet/payment/sandbox/",
    /** A listing's statistics for its owner (decision 038). */
    statistics: (id: number | string) => `/cabinet/statistics/${seg(id)}/`,
  },
  listing: {
    edit: (id: number | string) => `/listing/edit/${seg(id)}/`,
    preview: (id: number | string) => `/listing/preview/${seg(id)}/`,
    /** The expiry reminder's link: renew without signing in (`?token=`, decision 038). */
    renew: (id: number | string) => `/listing/renew/${seg(id)}/`,
    /**
     * The availability question's link: "Still available" / "Rented" / "Sold" without signing in
     * (`?token=…&outcome=…`, decision 084).
     */
    availability: (id: number | string) => `/listing/availability/${seg(id)}/`,
  },
  /** The back office: every page under `/admin/`, staff only. */
  admin: {
    /** The dashboard: 30 days of the site's figures, and the sections the person's roles open. */
    home: paths.backOffice,
    /** Content (editors): the articles, newest first. */
    articles: () => "/admin/content/",
    newArticle: () => "/admin/content/articles/new/",
    article: (id: number | string) => `/admin/content/articles/${seg(id)}/`,
    /** The article as its public page will show it, whatever its state. */
    articlePreview: (id: number | string) => `/admin/content/articles/${seg(id)}/preview/`,
    tags: () => "/admin/content/tags/",
    faq: () => "/admin/content/faq/",
    advantages: () => "/admin/content/advantages/",
    tooltips: () => "/admin/content/tooltips/",
    /** People (admins): find, block, roles. */
    users: () => "/admin/users/",
    user: (id: number | string) => `/admin/users/${seg(id)}/`,
    /** Agencies' licence checks (moderators, decision 087): the list by state, one agency's check. */
    agencies: () => "/admin/agencies/",
    agency: (id: number | string) => `/admin/agencies/${seg(id)}/`,
    /** Any listing in any state (moderators): hide, restore, its history. */
    listings: () => "/admin/listings/",
    listing: (id: number | string) => `/admin/listings/${seg(id)}/`,
    /** The payments ledger and refunds (admins). */
    payments: () => "/admin/payments/",
    /** The product catalogue's prices (admins). */
    prices: () => "/admin/payments/prices/",
    /** Every back-office action (admins). */
    audit: () => "/admin/audit/",
    listingPreview: (id: number | string) => `/admin/listing/preview/${seg(id)}/`,
    /** Pending listings, oldest first (decision 038). */
    moderation: () => "/admin/moderation/",
    /** Reported conversations (decision 039). */
    conversationReports: () => "/admin/moderation/conversations/",
  },
};
