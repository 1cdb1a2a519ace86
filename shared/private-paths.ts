/**
 * Builders of the signed-in pages' paths (SPEC §2 cabinet, listing editing, admin) — pages under
 * `/cabinet/`, `/listing/` and `/admin/`, never kept by the page cache (page-query.ts) — apart from
 * `paths.ts`, which every page carries (decision 037). The cabinet's front page and "Post listing" are
 * there, as the header links to them.
 */
import { seg } from "./paths.ts";

export const privatePaths = {
  cabinet: {
    favourites: () => "/cabinet/favourites/",
    personal: () => "/cabinet/personal/",
    savedSearches: () => "/cabinet/saved-searches/",
    messages: () => "/cabinet/messages/",
    payment: () => "/cabinet/payment/",
    paymentSuccess: () => "/cabinet/payment/success/",
    paymentError: () => "/cabinet/payment/error/",
    /** The development sandbox's page that plays the payment provider (issue 21; 404 elsewhere). */
    paymentSandbox: () => "/cabinet/payment/sandbox/",
    /** A listing's statistics for its owner (issue 19 item 6). */
    statistics: (id: number | string) => `/cabinet/statistics/${seg(id)}/`,
  },
  listing: {
    edit: (id: number | string) => `/listing/edit/${seg(id)}/`,
    preview: (id: number | string) => `/listing/preview/${seg(id)}/`,
    /** The expiry reminder's link: renew without signing in (`?token=`, issue 19 item 3). */
    renew: (id: number | string) => `/listing/renew/${seg(id)}/`,
  },
  admin: {
    listingPreview: (id: number | string) => `/admin/listing/preview/${seg(id)}/`,
    /** Pending listings, oldest first (issue 19 item 4). */
    moderation: () => "/admin/moderation/",
    /** Reported conversations (issue 20 item 5). */
    conversationReports: () => "/admin/moderation/conversations/",
  },
};
