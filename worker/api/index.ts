import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { methodNotAllowed } from "hono/method-not-allowed";
import type { AppEnv } from "#worker/app-env.ts";
import { cities } from "./cities.ts";
import { content } from "./content.ts";
import { feedback } from "./feedback.ts";
import { statistics } from "./statistics.ts";
import { trust } from "./trust.ts";
import { unsubscribe } from "./unsubscribe.ts";
import { locations } from "./locations.ts";
import { geocode } from "./geocode.ts";
import { realty } from "./realty.ts";
import { realtyMap } from "./realty-map.ts";
import { realtyContact } from "./realty-contact.ts";
import { realtyReports } from "./realty-reports.ts";
import { realtyPreview } from "./realty-preview.ts";
import { realtyEdit } from "./realty-edit.ts";
import { adminRealty } from "./admin-realty.ts";
import { adminMessages } from "./admin-messages.ts";
import { adminArticles } from "./admin-articles.ts";
import { adminUsers } from "./admin-users.ts";
import { adminAgencies } from "./admin-agencies.ts";
import { agency } from "./agency.ts";
import { agencyPages } from "./agency-pages.ts";
import { agencyFeeds } from "./agency-feeds.ts";
import { adminContent } from "./admin-content.ts";
import { adminListings } from "./admin-listings.ts";
import { adminPayments } from "./admin-payments.ts";
import { realtyPhotos } from "./realty-photos.ts";
import { auth } from "./auth.ts";
import { cabinetFavourites } from "./cabinet-favourites.ts";
import { cabinetMessages } from "./cabinet-messages.ts";
import { cabinetPayment } from "./cabinet-payment.ts";
import { cabinetRealties } from "./cabinet-realties.ts";
import { cabinetStatistics } from "./cabinet-statistics.ts";
import { cabinetUser } from "./cabinet-user.ts";
import { devOutbox } from "./dev-outbox.ts";
import { devMeter } from "./dev-meter.ts";
import { messagesLive } from "./messages-live.ts";
import { paymentsWebhook } from "./payments-webhook.ts";
import { savedSearches } from "./saved-searches.ts";
import { user } from "./user.ts";
import { apiError, apiServerError } from "#worker/http/api-error.ts";
import { csrf } from "#worker/middleware/csrf.ts";
import { logServerError } from "#worker/http/server-error.ts";
import { regroupPending } from "#worker/workflows/property-groups.ts";
import { session } from "#worker/middleware/session.ts";
import { d1Session } from "#worker/middleware/d1-session.ts";
import { WriteRefused } from "#worker/db/write-gate.ts";
import { INVALID } from "#shared/validation.ts";
import { D1_UNAVAILABLE_HEADERS, isD1Unavailable } from "#worker/http/d1-unavailable.ts";

/**
 * POSTs that, asked for a page, change nothing before their answer: their query is a body (`active`), or their
 * one write waits for the page's answer (the conversation list's delivered marks, decision 110). The page's
 * later calls are asked as before them (the session handed over), and a page may ask them again.
 */
export const READ_POSTS: ReadonlySet<string> = new Set([
  "/api/cabinet/realties/active",
  "/api/cabinet/messages/contacts",
]);

/** The API of product §7 at `/api/*`: one module per area, mounted here. */
export const api = new Hono<AppEnv>().basePath("/api");

// Every call knows its visitor (cookies or bearer, renewed when near expiry); cookie-authenticated writes
// must come from this origin (decision 006).
// A path the API has, asked with a method it does not take: 405 naming the methods it takes (`Allow`).
api.use(
  methodNotAllowed({
    app: api,
    onMethodNotAllowed: (c, methods) => {
      c.header("Allow", methods.join(", "));
      return apiError(c, 405, "method_not_allowed", `Use ${methods.join(", ")}`);
    },
  }),
);
// The worker's entry has opened the request's D1 session (decision 092); an API app served on its own opens one.
api.use(d1Session());
api.use(session());
api.use(csrf());
// A write may have made or broken a property group (decision 090): the listings its triggers queued are
// regrouped before the answer, so the next read sees the groups. A failure leaves them queued for the
// scheduled run, never fails the write.
// Writes that never touch a listing (the statistics beacons, the busiest, messages and saved searches) skip
// its statement.
const NO_LISTING_WRITES = ["/api/statistics/", "/api/cabinet/messages/", "/api/saved-search"];
api.use(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || READ_POSTS.has(c.req.path)) return;
  if (NO_LISTING_WRITES.some((prefix) => c.req.path.startsWith(prefix))) return;
  try {
    await regroupPending(c.env.DB);
  } catch (error) {
    logServerError(c, error);
  }
});

api.route("/", cities);
api.route("/", realtyMap);
api.route("/", realty);
api.route("/", realtyContact);
api.route("/", realtyReports);
api.route("/", realtyPreview);
api.route("/", realtyEdit);
api.route("/", adminRealty);
api.route("/", adminMessages);
api.route("/", adminUsers);
api.route("/", adminAgencies);
api.route("/", adminContent);
api.route("/", adminListings);
api.route("/", adminArticles);
api.route("/", adminPayments);
api.route("/", realtyPhotos);
api.route("/", locations);
api.route("/", geocode);
api.route("/", content);
api.route("/", feedback);
api.route("/", statistics);
api.route("/", trust);
api.route("/", unsubscribe);
api.route("/", auth);
api.route("/", user);
api.route("/", cabinetUser);
// Before agency's `/agency/{slug}`, which would take `/agency/feeds` for a slug.
api.route("/", agencyFeeds);
api.route("/", agency);
api.route("/", agencyPages);
// Before the favourites: their sign-in check covers every `/cabinet/realties/*` path, and the renewal by
// the reminder's signed link must be answered without a session first.
api.route("/", cabinetRealties);
api.route("/", cabinetPayment);
api.route("/", cabinetFavourites);
api.route("/", cabinetStatistics);
api.route("/", cabinetMessages);
api.route("/", savedSearches);
api.route("/", messagesLive);
api.route("/", paymentsWebhook);
api.route("/", devOutbox);
api.route("/", devMeter);

// An endpoint that does not exist answers in the API's JSON error shape, not Hono's plain-text 404.
api.all("*", (c) => apiError(c, 404, "not_found", "No such endpoint"));
api.onError((error, c) => {
  // Malformed JSON and similar client mistakes surface as HTTPExceptions: they are 4xx, not 5xx.
  if (error instanceof HTTPException && error.status < 500) {
    return apiError(c, error.status as 400, "invalid_input", error.message || "Invalid request", {
      body: INVALID.format,
    });
  }
  // A page begun beside its session read asked for a write the read then refused (decision 105): the
  // page is thrown away and served again, so this is no fault.
  if (error instanceof WriteRefused) return apiError(c, 503, "unavailable", "The session was not confirmed");
  if (isD1Unavailable(error)) {
    console.warn("database unavailable", { path: c.req.path, message: (error as Error).message });
    for (const [name, value] of Object.entries(D1_UNAVAILABLE_HEADERS)) c.header(name, value);
    return apiError(c, 503, "unavailable", "The service is busy; try again in a few seconds");
  }
  return apiServerError(c, error);
});
