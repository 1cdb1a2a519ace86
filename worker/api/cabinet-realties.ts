/**
 * My listings (product §7 Cabinet, decision 038), the signed-in owner's own only — anyone else's
 * listing, and a deleted one, answers 404 as a missing one does:
 * - `POST /api/cabinet/realties/active {tab?, page?, per_page?}` → a page of a tab other than the archive,
 *   newest change first; `GET /api/cabinet/realties/archive?page=&per_page=` → the archive's;
 * - `GET /api/cabinet/realties/count` → `{data: {active, moderation, drafts, archive}}`;
 * - `POST /api/cabinet/realties/{id}/archive|restore|renew`, `POST /api/realty/relevant/{id}` → the listing;
 * - `DELETE /api/cabinet/realties/{id}` → `{data: {deleted: true}}`: final, its photos leave R2.
 * A state that does not allow the action (shared/listing-states.ts OWNER_ACTIONS), or that changed meanwhile,
 * answers 409 `invalid_state`. `renew` also takes the reminder e-mail's signed link without a session
 * (`{"token"}`): 403 `invalid_token` for a forged or malformed token or one of another listing, 410
 * `token_used` for a genuine one whose run is over (renewed already, or the listing changed since).
 * - `POST /api/cabinet/realties/{id}/confirm {outcome?, token?}` (decision 084) → `{data: {confirmed_at, status,
 *   archive_reason}}`: `available` (the default) confirms an active listing is on offer and shows it again if
 *   it was hidden for want of that; `let` (rentals) and `sold` (sales) archive it with that reason — the other
 *   deal's is a 400 naming `outcome`. Signed in it is the owner's own; with the availability e-mail's `token`
 *   no session is needed: 403 `invalid_token` forged, 410 `token_used` answered already or overtaken by a
 *   newer question. Not active: 409. Counted per account (per address with a token).
 * - `GET /api/cabinet/realties/due` → `{items}`: the owner's active listings due for a confirmation or hidden
 *   for want of one, longest unconfirmed first (the cabinet's banner, whatever page is open).
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import {
  type ApiConfirmation,
  ArchiveQuery,
  ConfirmBody,
  type ConfirmOutcome,
  OwnerListBody,
  RenewBody,
} from "#shared/api/cabinet.ts";
import { CONFIRMS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";
import { IdParam } from "#shared/api/conventions.ts";
import { allows, type CabinetTab, type OwnerAction } from "#shared/listing-states.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { authUnavailable } from "#worker/auth/flows.ts";
import { AuthConfigError, reportAuthConfigError } from "#worker/auth/tokens.ts";
import {
  archiveOwnerListing,
  confirmOwnerListing,
  deleteOwnerListing,
  ownerCounts,
  ownerDueListings,
  ownerListingPage,
  ownerListingRow,
  ownerMay,
  renewOwnerListing,
  restoreOwnerListing,
  type OwnerListingRow,
} from "#worker/db/owner-listings.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { photoObjects, removePhotoObjects } from "#worker/workflows/photo-store.ts";
import { renewTokenRun } from "#worker/auth/renew-link.ts";
import { confirmTokenQuestion } from "#worker/auth/confirm-link.ts";
import { archiveAsTaken, availabilityRow, confirmListing } from "#worker/db/listing-availability.ts";
import { overLimit, perAddress, perUser } from "#worker/middleware/throttle.ts";
import { toOwnerListing } from "./shapes/owner-listing.ts";
import { valid } from "./validate.ts";

const BASE = "/cabinet/realties";
const IdParams = v.object({ id: IdParam });

const notFound = (c: Context) => apiError(c, 404, "not_found", "No such listing");
const invalidState = (c: Context, row: Pick<OwnerListingRow, "status">, action: OwnerAction) =>
  apiError(c, 409, "invalid_state", `A listing that is ${row.status} cannot be changed so (${action})`);
const changed = (c: Context) =>
  apiError(c, 409, "invalid_state", "The listing changed meanwhile; reload it and try again");

export const cabinetRealties = new Hono<AppEnv>();

for (const path of [`${BASE}/*`, "/realty/relevant/*"]) {
  cabinetRealties.use(path, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

const userId = (c: Context<AppEnv>) => c.get("user")!.id;

/** The signed-in owner's listing named by the path, in the request's language; null when it is not theirs. */
const ownRow = (c: Context<AppEnv>, id: number) => ownerListingRow(c.env.DB, id, userId(c), apiLocale(c), nowOf(c));

/** The listing as it is now, in the card's shape. */
async function answer(c: Context<AppEnv>, id: number, ownerId: number | null) {
  const row = await ownerListingRow(c.env.DB, id, ownerId, apiLocale(c), nowOf(c));
  return row ? c.json({ data: toOwnerListing(row, apiLocale(c), nowOf(c)) }) : notFound(c);
}

/**
 * An owner's state change: 404 unless it is theirs, 409 unless its state allows `action` (or when the
 * state changed between the read and the write), else the listing after it.
 */
function change(
  action: OwnerAction,
  apply: (db: Database, row: OwnerListingRow, now: number, actor: { actorId: number }) => Promise<boolean>,
) {
  return async (c: Context<AppEnv>, id: number) => {
    const row = await ownRow(c, id);
    if (!row) return notFound(c);
    if (!ownerMay(action, row)) return invalidState(c, row, action);
    if (!(await apply(c.env.DB, row, nowOf(c), { actorId: userId(c) }))) return changed(c);
    return answer(c, id, userId(c));
  };
}

const archive = change("archive", archiveOwnerListing);
const restore = change("restore", restoreOwnerListing);
const renew = change("renew", renewOwnerListing);
const relevant = change("relevant", confirmOwnerListing);

/** Renewal by the reminder's signed link: no session; the token names the listing and the run it renews. */
async function renewByToken(c: Context<AppEnv>, id: number, token: string) {
  let run: number | null;
  try {
    run = await renewTokenRun(c.env, id, token);
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    reportAuthConfigError(c.req.raw, error);
    return apiError(c, 503, "auth_unavailable", "Renewal links are not available");
  }
  if (run === null) return apiError(c, 403, "invalid_token", "This renewal link is not valid");
  const row = await ownerListingRow(c.env.DB, id, null, apiLocale(c), nowOf(c));
  if (!row) return notFound(c);
  const used = () => apiError(c, 410, "token_used", "This renewal link was used already or the listing has changed");
  if (row.expires_at !== run) return used();
  if (!allows("renew", row.status)) return invalidState(c, row, "renew");
  if (!(await renewOwnerListing(c.env.DB, row, nowOf(c)))) return used();
  return answer(c, id, null);
}

/** The most listings the cabinet's banner names at once: the rest follow as these are answered. */
const DUE_LIMIT = 20;

/**
 * The owner's answer to "still available?" (decision 084), signed in or by the e-mail's signed link: the
 * token is checked before anything is read, so a forged link learns nothing of the listing.
 */
async function confirmAvailability(c: Context<AppEnv>, id: number, outcome: ConfirmOutcome, token?: string) {
  let asked: number | null = null;
  if (token !== undefined) {
    try {
      asked = await confirmTokenQuestion(c.env, id, token);
    } catch (error) {
      if (!(error instanceof AuthConfigError)) throw error;
      reportAuthConfigError(c.req.raw, error);
      return apiError(c, 503, "auth_unavailable", "Availability links are not available");
    }
    if (asked === null) return apiError(c, 403, "invalid_token", "This link is not valid");
  } else if (!c.get("user")) {
    return authUnavailable(c) ?? apiError(c, 401, "unauthorized", "Sign in first");
  }
  const refused = await overLimit(c, [
    asked === null
      ? perUser(c, "listing-confirm", CONFIRMS_PER_USER_PER_HOUR, 3600)
      : perAddress(c, "listing-confirm", CONFIRMS_PER_USER_PER_HOUR, 3600),
  ]);
  if (refused) return refused;
  const row = await availabilityRow(c.env.DB, id, asked === null ? userId(c) : null);
  if (!row) return notFound(c);
  const used = () => apiError(c, 410, "token_used", "This link was used already or a newer question replaced it");
  if (asked !== null && row.confirm_asked_at !== asked) return used();
  if (row.status !== "active") {
    return apiError(c, 409, "invalid_state", `A listing that is ${row.status} cannot be confirmed`);
  }
  if ((outcome === "let" && row.deal !== "rent") || (outcome === "sold" && row.deal !== "sale")) {
    return apiError(c, 400, "invalid_input", `A listing for ${row.deal} cannot be ${outcome}`, {
      outcome: INVALID.outcomeOfDeal,
    });
  }
  const now = nowOf(c);
  const lost = () => (asked === null ? changed(c) : used());
  if (outcome === "available") {
    const at = await confirmListing(c.env.DB, id, now, asked);
    if (at === null) return lost();
    const data: ApiConfirmation = { confirmed_at: new Date(at).toISOString(), status: "active", archive_reason: null };
    return c.json({ data });
  }
  if (!(await archiveAsTaken(c.env.DB, id, outcome, now, asked, asked === null ? userId(c) : null))) return lost();
  const data: ApiConfirmation = {
    confirmed_at: new Date(now).toISOString(),
    status: "archived",
    archive_reason: outcome,
  };
  return c.json({ data });
}

/** One page of the owner's listings in a tab, as cards. */
async function ownerPage(c: Context<AppEnv>, tab: CabinetTab, page: number, perPage: number) {
  const locale = apiLocale(c);
  const now = nowOf(c);
  const { rows, total } = await ownerListingPage(c.env.DB, userId(c), tab, page, perPage, locale, now);
  return c.json({ items: rows.map((row) => toOwnerListing(row, locale, now)), total, page, per_page: perPage });
}

cabinetRealties
  .post(`${BASE}/active`, requireAuth, valid("json", OwnerListBody), async (c) => {
    const { tab, page, per_page } = c.req.valid("json");
    return ownerPage(c, tab, page, per_page);
  })
  .get(`${BASE}/archive`, requireAuth, valid("query", ArchiveQuery), async (c) => {
    const { page, per_page } = c.req.valid("query");
    return ownerPage(c, "archive", page, per_page);
  })
  .get(`${BASE}/due`, requireAuth, async (c) => {
    const locale = apiLocale(c);
    const now = nowOf(c);
    const rows = await ownerDueListings(c.env.DB, userId(c), locale, now, DUE_LIMIT);
    return c.json({ items: rows.map((row) => toOwnerListing(row, locale, now)) });
  })
  .post(`${BASE}/:id/confirm`, valid("param", IdParams), valid("json", ConfirmBody), (c) => {
    const body = c.req.valid("json");
    return confirmAvailability(c, c.req.valid("param").id, body.outcome, body.token);
  })
  .get(`${BASE}/count`, requireAuth, async (c) => c.json({ data: await ownerCounts(c.env.DB, userId(c)) }))
  .post(`${BASE}/:id/archive`, requireAuth, valid("param", IdParams), (c) => archive(c, c.req.valid("param").id))
  .post(`${BASE}/:id/restore`, requireAuth, valid("param", IdParams), (c) => restore(c, c.req.valid("param").id))
  .post(`${BASE}/:id/renew`, valid("param", IdParams), valid("json", RenewBody), async (c) => {
    const id = c.req.valid("param").id;
    const token = c.req.valid("json")?.token;
    if (token !== undefined) return renewByToken(c, id, token);
    if (!c.get("user")) return authUnavailable(c) ?? apiError(c, 401, "unauthorized", "Sign in first");
    return renew(c, id);
  })
  .delete(`${BASE}/:id`, requireAuth, valid("param", IdParams), async (c) => {
    const row = await ownRow(c, c.req.valid("param").id);
    if (!row) return notFound(c);
    if (!allows("delete", row.status)) return invalidState(c, row, "delete");
    const photos = await deleteOwnerListing(c.env.DB, row, nowOf(c), { actorId: userId(c) });
    if (!photos) return changed(c);
    const objects = photos.flatMap(photoObjects);
    if (objects.length) {
      try {
        await removePhotoObjects(c.env.PHOTOS, new URL(c.req.url).origin, objects);
      } catch (error) {
        // The listing is deleted all the same (its rows are gone): the files are logged to be removed by hand.
        console.error(`listing ${row.id} deleted, but its photo files were not: ${objects.join(" ")}`, error);
      }
    }
    return c.json({ data: { deleted: true } });
  })
  .post("/realty/relevant/:id", requireAuth, valid("param", IdParams), (c) => relevant(c, c.req.valid("param").id));
