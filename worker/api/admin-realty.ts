/**
 * Moderation (product §7, decisions 038, 047 and 053):
 * `GET /api/admin/realty/moderation` is the queue of pending listings — and of public ones whose changes wait
 * (decision 053) — those reports took off the site first, then reported public ones, then those priced
 * suspiciously low, then the oldest submission first, with their photos, facts, the changes, the duplicate
 * check's finding, open reports and the moderators' signals (decision 088); `POST
 * /api/admin/realty/{id}/approve` publishes a pending listing for
 * LISTING_RUN_DAYS days, `POST /api/admin/realty/{id}/reject {code?, reason?}` sends it back to its owner
 * with a reason from REJECTION_CODES and/or the moderator's words; either decision closes the listing's
 * reports and e-mails the owner in their language. `GET /api/admin/realty/{id}/history` lists its changes
 * of state. Admins only: everyone else gets 404, as for a path that does not exist.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import {
  ApproveBody,
  ModerationQuery,
  RejectBody,
  type ApiModerationChanges,
  type ApiModerationItem,
  type RejectionCode,
  type ReportReason,
} from "#shared/api/cabinet.ts";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import type { ApiImage } from "#shared/api/realty.ts";
import type { ApiSignal } from "#shared/api/signals.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import type { ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { editRow, listingHistory, updateListing, type ColumnValues, type EditRow } from "#worker/db/listing-edits.ts";
import {
  approveRevision,
  listingRevision,
  rejectRevision,
  settleRevision,
  type RevisionRow,
  type RevisionText,
} from "#worker/db/listing-revisions.ts";
import { pendingPage, publishedAt, queueImages, type QueueRow } from "#worker/db/moderation-queue.ts";
import { accountSignalRows, listingSignalRows } from "#worker/db/moderator-signals.ts";
import { listingSignals } from "#worker/workflows/moderator-signals.ts";
import { openReports, resolveReports, type OpenReport } from "#worker/db/reports.ts";
import { findUserById } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError } from "#worker/http/server-error.ts";
import { unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { mailLocale, sendOwnerMail } from "#worker/workflows/owner-mail.ts";
import { generatedTitle, likelyDuplicate, toEdit, withRevision } from "./realty-edit.ts";
import { toImage } from "./shapes/image.ts";
import { valid } from "./validate.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Photos a queue card shows; the admin preview has them all. */
const QUEUE_PHOTOS = 6;
const IdParams = v.object({ id: IdParam });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const adminRealty = new Hono<AppEnv>();

for (const path of [
  "/admin/realty/moderation",
  "/admin/realty/:id/approve",
  "/admin/realty/:id/reject",
  "/admin/realty/:id/history",
]) {
  // The moderation queue is the moderators' (and admins'); a 404 for anyone else (decision 057).
  adminRealty.use(path, requireRole("moderator"));
}

type Decision = { approve: true; revision?: string } | { approve: false; code: RejectionCode | null; reason: string };

/** A revision's texts as they would be published now: a generated title follows the current facts. */
async function revisionText(db: Database, row: EditRow, revision: RevisionRow): Promise<RevisionText> {
  const text: RevisionText = {
    title: revision.title,
    title_generated: revision.title_generated,
    description: revision.description,
    lang: revision.lang,
  };
  if (text.title_generated === 1) text.title = await generatedTitle(db, withRevision(row, revision));
  return text;
}

/**
 * Tells the owner what was decided, in their language, when they have a confirmed e-mail address and have
 * not left the list of e-mails about their listings (`listing_updates`). The decision stands whether or not the e-mail goes out: a provider's failure is logged, not answered.
 */
async function notifyOwner(c: Context<AppEnv>, row: EditRow, decision: Decision, changes = false) {
  const owner = await findUserById(c.env.DB, row.owner_id);
  if (!owner?.email || owner.email_verified_at === null) return;
  const locale = mailLocale(owner.locale);
  const context = { locale, origin: new URL(c.req.url).origin };
  const listing = { id: row.id, title: toEdit(row, locale).title };
  const to = { userId: owner.id, email: owner.email };
  try {
    if (decision.approve) {
      const path = row.city
        ? paths.detail(row.deal, row.property_type as ListingKind, row.city, row.id)
        : paths.realty(row.id);
      await sendOwnerMail(
        c.env,
        unsubscribeSigner(c.env),
        to,
        changes ? "changes_approved" : "listing_approved",
        { listing, path },
        context,
        nowOf(c),
      );
    } else {
      const { code, reason } = decision;
      await sendOwnerMail(
        c.env,
        unsubscribeSigner(c.env),
        to,
        changes ? "changes_rejected" : "listing_rejected",
        { listing, code, reason },
        context,
        nowOf(c),
      );
    }
  } catch (error) {
    logServerError(c, error);
  }
}

/**
 * Decides on changes waiting for a listing that stays as approved meanwhile (decision 053): approving
 * publishes them, rejecting keeps the approved version and tells the owner why.
 */
async function decideChanges(c: Context<AppEnv>, row: EditRow, revision: RevisionRow, decision: Decision) {
  const db = c.env.DB;
  const read = { updatedAt: revision.updated_at, status: row.status };
  const action = staffAction(c);
  const applied = decision.approve
    ? await approveRevision(db, row.id, read, await revisionText(db, row, revision), action)
    : await rejectRevision(db, row.id, read, { code: decision.code, reason: decision.reason || null }, action);
  // The owner changed it again meanwhile: the moderator decides on what is there now.
  if (!applied) return apiError(c, 409, "not_pending", "The changes were edited meanwhile; reload them");
  const decided = (await editRow(db, row.id, null))!;
  await notifyOwner(c, decided, decision, true);
  return c.json({ data: toEdit(decided, apiLocale(c), await listingRevision(db, row.id)) });
}

/**
 * Decides on a public listing visitors reported (decision 085): keeping it overrules the reports (their
 * reporters no longer count towards hiding it); taking it off rejects it with a reason its owner is told.
 */
async function decideReported(c: Context<AppEnv>, row: EditRow, decision: Decision) {
  const db = c.env.DB;
  const action = staffAction(c);
  const { now } = action;
  const target = { kind: "listing", id: row.id };
  if (!decision.approve) {
    const reason = decision.reason || decision.code;
    const applied = await updateListing(
      db,
      row.id,
      "active",
      { status: "rejected", rejection_code: decision.code, rejection_reason: decision.reason || null },
      now,
      {
        actorId: action.actor.id,
        reason,
        audit: {
          ...action,
          action: "listing.reject",
          target,
          before: { status: "active" },
          after: { status: "rejected" },
          reason,
        },
      },
    );
    if (!applied) return apiError(c, 409, "not_pending", "The listing was changed meanwhile");
  }
  const kept = decision.approve ? { ...action, action: "listing.keep" as const, target } : undefined;
  await resolveReports(db, row.id, now, decision.approve, kept);
  const decided = (await editRow(db, row.id, null))!;
  if (!decision.approve) await notifyOwner(c, decided, decision);
  return c.json({ data: toEdit(decided, apiLocale(c)) });
}

/**
 * Moves a pending listing to a decision, with the changes its owner made meanwhile; or decides on the
 * changes waiting for an approved one. 409 when neither waits (decided already, or not submitted). Its
 * open reports are closed with a decision on the listing: the moderator has seen them.
 */
async function decide(c: Context<AppEnv>, id: number, decision: Decision) {
  const db = c.env.DB;
  const now = nowOf(c);
  const row = await editRow(db, id, null);
  if (!row) return apiError(c, 404, "not_found", "No such listing");
  const revision = await listingRevision(db, id);
  const waiting = revision?.status === "pending" ? revision : null;
  // Approving what the moderator saw, not changes the owner made since.
  if (decision.approve && decision.revision !== undefined && decision.revision !== iso(waiting?.updated_at ?? null)) {
    return apiError(c, 409, "changes_changed", "The changes were edited meanwhile; reload them");
  }
  if (row.status !== "pending" && waiting) return decideChanges(c, row, waiting, decision);
  if (row.status === "active" && (await openReports(db, [id])).length) return decideReported(c, row, decision);
  if (row.status !== "pending") return apiError(c, 409, "not_pending", `The listing is ${row.status}, not pending`);
  const values: ColumnValues = decision.approve
    ? {
        status: "active",
        expires_at: now + LISTING_RUN_DAYS * DAY_MS,
        published_at: (await publishedAt(db, id)) ?? now,
        checked_at: now,
        reminded_at: null,
        hidden_at: null,
        rejection_code: null,
        rejection_reason: null,
      }
    : {
        status: "rejected",
        rejection_code: decision.code,
        rejection_reason: decision.reason || null,
        hidden_at: null,
      };
  const action = staffAction(c);
  const reason = decision.approve ? null : decision.reason || decision.code;
  const applied = await updateListing(db, id, "pending", values, now, {
    actorId: action.actor.id,
    reason,
    audit: {
      ...action,
      action: decision.approve ? "listing.approve" : "listing.reject",
      target: { kind: "listing", id },
      before: { status: "pending" },
      after: { status: values.status },
      reason,
    },
  });
  if (!applied) return apiError(c, 409, "not_pending", "The listing was decided meanwhile");
  // The moderator decided on the whole listing, its owner's latest texts and photos with it.
  if (revision) {
    await settleRevision(db, id, revision.status === "pending" ? await revisionText(db, row, revision) : null, now);
  }
  // An approval overrules the reports: their reporters no longer count towards hiding it (decision 047).
  await resolveReports(db, id, now, decision.approve);
  const decided = (await editRow(db, id, null))!;
  await notifyOwner(c, decided, decision);
  return c.json({ data: toEdit(decided, apiLocale(c)) });
}

/** A pending listing as the queue shows it, in the moderator's language. */
async function queueItem(
  db: Database,
  entry: QueueRow,
  images: ApiModerationItem["images"],
  imageCount: number,
  /** Photos added since the approval, waiting with the changes. */
  added: ApiImage[],
  reports: OpenReport[],
  signals: ApiSignal[],
  locale: Locale,
): Promise<ApiModerationItem | null> {
  const [row, revision] = await Promise.all([editRow(db, entry.id, null), listingRevision(db, entry.id)]);
  const waiting = revision?.status === "pending" ? revision : null;
  const reportedPublic = row?.status === "active" && reports.length > 0;
  // Decided between the page's two reads.
  if (!row || (row.status !== "pending" && !waiting && !reportedPublic)) return null;
  const edit = toEdit(row, locale);
  const duplicate = await likelyDuplicate(db, row, locale);
  return {
    id: row.id,
    deal: row.deal,
    type: row.property_type as ListingKind,
    type_id: row.type_id,
    title: edit.title,
    title_lang: row.title_generated === 1 ? locale : (row.lang ?? locale),
    city: row.city ? { slug: row.city, name: row[`city_name_${locale}`] ?? row.city } : null,
    district: row.district ? { slug: row.district, name: row[`district_name_${locale}`] ?? row.district } : null,
    address: row.address,
    price: row.price,
    area: row.area,
    rooms: row.rooms,
    currency: "EUR",
    image: images[0] ?? null,
    images,
    image_count: imageCount,
    description: row.description,
    lang: row.lang,
    owner: { id: entry.owner_id, name: entry.owner_name },
    submitted_at: iso(entry.submitted_at),
    hidden_by_reports: entry.hidden_at !== null,
    reported_public: reportedPublic,
    duplicate: duplicate && { ...duplicate.listing, match: duplicate.match },
    reports: reports.map((r) => ({
      reason: r.reason as ReportReason,
      text: r.text,
      created_at: new Date(r.created_at).toISOString(),
      guest: r.guest === 1,
    })),
    changes: waiting && changesOf(edit, toEdit(row, locale, waiting), added, waiting),
    signals,
  };
}

/** What changed between the approved listing and its revision, in edit shape: only the texts that differ. */
function changesOf(
  before: ApiListingEdit,
  after: ApiListingEdit,
  added: ApiImage[],
  revision: RevisionRow,
): ApiModerationChanges {
  const change = (name: "title" | "description" | "lang") =>
    before[name] === after[name] ? null : { before: before[name], after: after[name] };
  return {
    title: change("title"),
    description: change("description"),
    lang: change("lang"),
    added_images: added,
    updated_at: new Date(revision.updated_at).toISOString(),
  };
}

adminRealty
  .get("/admin/realty/moderation", valid("query", ModerationQuery), async (c) => {
    const db = c.env.DB;
    const { page, per_page, id } = c.req.valid("query");
    const locale = apiLocale(c);
    const { rows, total } = await pendingPage(db, page, per_page, id);
    const ids = rows.map((row) => row.id);
    // The signals of the whole page in two round trips (decision 088), not a query per item.
    const [pictures, reports, accountRows, listingRows] = await Promise.all([
      queueImages(db, ids),
      openReports(db, ids),
      accountSignalRows(
        db,
        rows.map((row) => row.owner_id),
      ),
      listingSignalRows(db, ids),
    ]);
    const items = await Promise.all(
      rows.map((entry) => {
        const own = pictures.filter((p) => p.listing_id === entry.id);
        // A listing under review as a whole shows every photo; approved ones show their new photos apart.
        const waiting = own.filter((p) => p.state === "pending");
        const shown = waiting.length && !entry.pending ? own.filter((p) => p.state === "public") : own;
        return queueItem(
          db,
          entry,
          shown.slice(0, QUEUE_PHOTOS).map(toImage),
          shown.length,
          shown === own ? [] : waiting.map(toImage),
          reports.filter((r) => r.listing_id === entry.id),
          listingSignals(accountRows, listingRows, { id: entry.id, owner_id: entry.owner_id, place: entry }),
          locale,
        );
      }),
    );
    return c.json({ items: items.filter((item) => item !== null), total, page, per_page });
  })
  .post("/admin/realty/:id/approve", valid("param", IdParams), valid("json", ApproveBody), (c) =>
    decide(c, c.req.valid("param").id, { approve: true, revision: c.req.valid("json").revision }),
  )
  .post("/admin/realty/:id/reject", valid("param", IdParams), valid("json", RejectBody), (c) => {
    const { code, reason } = c.req.valid("json");
    return decide(c, c.req.valid("param").id, { approve: false, code: code ?? null, reason });
  })
  .get("/admin/realty/:id/history", valid("param", IdParams), async (c) => {
    const id = c.req.valid("param").id;
    if (!(await editRow(c.env.DB, id, null))) return apiError(c, 404, "not_found", "No such listing");
    const items = await listingHistory(c.env.DB, id);
    return c.json({ items: items.map((e) => ({ ...e, created_at: new Date(e.created_at).toISOString() })) });
  });
