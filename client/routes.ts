import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every route of product §2, declared once. Public and private pages sit under the optional locale
 * segment (`sr`, `ru`; en unprefixed), which `routes/locale-scope.tsx` validates. Legacy paths and
 * `/buy|rent/{city?}/` are 301s answered by the worker before routing (worker/middleware/).
 */
export default [
  route(":locale?", "routes/locale-scope.tsx", [
    index("routes/home.tsx"),
    route("search", "routes/search.tsx"),

    route("buy/:type/:citySlug?", "routes/listing-list.tsx", { id: "sale-list" }),
    route("rent/:type/:citySlug?", "routes/listing-list.tsx", { id: "rent-list" }),
    route("buy/:type/:citySlug/:id", "routes/listing-detail.tsx", { id: "sale-detail" }),
    route("rent/:type/:citySlug/:id", "routes/listing-detail.tsx", { id: "rent-detail" }),
    route("realty/:id", "routes/realty.tsx"),
    // Agencies' public pages and their directory by city (decision 103).
    route("agency/:slug", "routes/agency.tsx"),
    route("agencies", "routes/agencies.tsx"),

    // /media/{tag?}, /media/{tag}/{slug}/ and nested tags up to four levels with an optional slug.
    route("media/*", "routes/media.tsx"),

    route("favourites", "routes/favourites.tsx"),
    route("about", "routes/about.tsx"),
    // What the service worker shows when a page can neither load nor be read from its caches (decision 043).
    route("offline", "routes/offline.tsx"),
    route("faq", "routes/faq.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("user-agreement", "routes/user-agreement.tsx"),
    route("thank-you", "routes/thank-you.tsx"),
    route("moderation-advice", "routes/moderation-advice.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    route("ad_creation_policy", "routes/ad-creation-policy.tsx"),
    route("safety", "routes/safety.tsx"),
    // Trust in numbers: the site's live figures of fresh listings and moderation (decision 089).
    route("trust", "routes/trust.tsx"),

    // The sign-in dialog's forms and sign-out post here; without JavaScript a step renders as this page.
    route("auth", "routes/auth.tsx"),

    route("cabinet", "routes/cabinet/cabinet.tsx"),
    route("cabinet/favourites", "routes/cabinet/favourites.tsx"),
    route("cabinet/agency", "routes/cabinet/agency.tsx"),
    route("cabinet/personal", "routes/cabinet/personal.tsx"),
    route("cabinet/saved-searches", "routes/cabinet/saved-searches.tsx"),
    route("cabinet/messages", "routes/cabinet/messages.tsx"),
    route("cabinet/payment", "routes/cabinet/payment.tsx"),
    route("cabinet/payment/success", "routes/cabinet/payment-success.tsx"),
    route("cabinet/payment/error", "routes/cabinet/payment-error.tsx"),
    // The development sandbox playing the payment provider (decision 040): 404 outside development.
    route("cabinet/payment/sandbox", "routes/cabinet/payment-sandbox.tsx"),
    route("cabinet/statistics/:id", "routes/cabinet/statistics.tsx"),

    route("listing/create", "routes/listing/create.tsx"),
    route("listing/edit/:id", "routes/listing/edit.tsx"),
    route("listing/preview/:id", "routes/listing/preview.tsx"),
    // The expiry reminder's signed link (no sign-in) and a visitor's report of a listing (decision 038).
    route("listing/renew/:id", "routes/listing/renew.tsx"),
    // The availability e-mail's signed links: still available, rented or sold (decision 084).
    route("listing/availability/:id", "routes/listing/availability.tsx"),
    route("listing/report/:id", "routes/listing/report.tsx"),

    // The back office: staff only, its navigation in the layout.
    route("admin", "routes/admin/admin-layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("listing/preview/:id", "routes/admin/listing-preview.tsx"),
      route("moderation", "routes/admin/moderation.tsx"),
      route("moderation/conversations", "routes/admin/conversation-reports.tsx"),
      route("content/tags", "routes/admin/content-tags.tsx"),
      route("content/faq", "routes/admin/content-faq.tsx"),
      route("content/advantages", "routes/admin/content-advantages.tsx"),
      route("content/tooltips", "routes/admin/content-tooltips.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/:id", "routes/admin/user.tsx"),
      route("agencies", "routes/admin/agencies.tsx"),
      route("agencies/:id", "routes/admin/agency.tsx"),
      route("listings", "routes/admin/listings.tsx"),
      route("listings/:id", "routes/admin/listing.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("content", "routes/admin/articles.tsx"),
      // `new` or an article's id.
      route("content/articles/:id", "routes/admin/article-edit.tsx"),
      route("content/articles/:id/preview", "routes/admin/article-preview.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("payments/prices", "routes/admin/prices.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
