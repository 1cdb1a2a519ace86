/**
 * Changes to an approved listing that wait for a moderator (decision 053): its proposed text, one revision
 * per listing, and the photos added meanwhile (`listing_images.state = 'pending'`). The listings row keeps
 * the approved text, so the public reads it alone.
 */
import type { RejectionCode } from "#shared/api/cabinet.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import type { Locale } from "#shared/locales.ts";
import { type ActionContext, AFTER_A_CHANGE, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

/** The texts a revision holds: what a moderator reads before the public does. */
export interface RevisionText {
  title: string | null;
  title_generated: number;
  description: string | null;
  lang: Locale | null;
}

export const REVISION_COLUMNS = [
  "title",
  "title_generated",
  "description",
  "lang",
] as const satisfies readonly (keyof RevisionText)[];

export interface RevisionRow extends RevisionText {
  listing_id: number;
  status: "pending" | "rejected";
  rejection_code: RejectionCode | null;
  rejection_reason: string | null;
  submitted_at: number;
  updated_at: number;
}

export function listingRevision(db: Database, listingId: number): Promise<RevisionRow | null> {
  return db.prepare("SELECT * FROM listing_revisions WHERE listing_id = ?").bind(listingId).first<RevisionRow>();
}

/**
 * Keeps the owner's proposed text as the listing's revision, waiting for a moderator: a new one, or one
 * rejected before, joins the queue now; one already waiting keeps its place.
 */
export async function saveRevision(db: Database, listingId: number, text: RevisionText, now: number) {
  await db
    .prepare(
      `INSERT INTO listing_revisions (listing_id, status, title, title_generated, description, lang, submitted_at,
         updated_at)
       VALUES (?1, 'pending', ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (listing_id) DO UPDATE SET title = ?2, title_generated = ?3, description = ?4, lang = ?5,
         submitted_at = CASE WHEN status = 'pending' THEN submitted_at ELSE ?6 END, status = 'pending',
         rejection_code = NULL, rejection_reason = NULL, updated_at = ?6`,
    )
    .bind(listingId, text.title, text.title_generated, text.description, text.lang, now)
    .run();
}

/**
 * Publishes a waiting revision: its text into the listing, its photos public, the revision gone, and the
 * decision in the listing's history. Applies only while the revision is the one the moderator read
 * (`updatedAt`) and still waiting: false otherwise.
 */
export async function approveRevision(
  db: Database,
  listingId: number,
  read: { updatedAt: number; status: ListingStatus },
  text: RevisionText,
  context: ActionContext<{ kind: "user"; id: number }>,
): Promise<boolean> {
  const { now } = context;
  const unchanged = `EXISTS (SELECT 1 FROM listing_revisions WHERE listing_id = ?1 AND status = 'pending'
    AND updated_at = ?2)`;
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE listings SET title = ?3, title_generated = ?4, description = ?5, lang = ?6, updated_at = ?7
         WHERE id = ?1 AND status = ?8 AND deleted_at IS NULL AND ${unchanged}`,
      )
      .bind(listingId, read.updatedAt, text.title, text.title_generated, text.description, text.lang, now, read.status),
    db
      .prepare(
        `UPDATE listing_images SET state = 'public' WHERE listing_id = ?1 AND state = 'pending'
           AND changes() > 0 AND ${unchanged}`,
      )
      .bind(listingId, read.updatedAt),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT ?1, ?3, ?4, 'changes approved', ?5 WHERE ${unchanged}`,
      )
      .bind(listingId, read.updatedAt, read.status, context.actor.id, now),
    auditStatement(
      db,
      { ...context, action: "listing.changes_approve", target: { kind: "listing", id: listingId }, after: text },
      AFTER_A_CHANGE,
    ),
    db
      .prepare("DELETE FROM listing_revisions WHERE listing_id = ?1 AND updated_at = ?2")
      .bind(listingId, read.updatedAt),
  ]);
  return (update!.meta.changes ?? 0) > 0;
}

/**
 * Sends a waiting revision back to its owner with the moderator's reason; the approved listing stays as
 * it is. Applies only while the revision is the one the moderator read: false otherwise.
 */
export async function rejectRevision(
  db: Database,
  listingId: number,
  read: { updatedAt: number; status: ListingStatus },
  rejection: { code: RejectionCode | null; reason: string | null },
  context: ActionContext<{ kind: "user"; id: number }>,
): Promise<boolean> {
  const { now } = context;
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE listing_revisions SET status = 'rejected', rejection_code = ?3, rejection_reason = ?4
         WHERE listing_id = ?1 AND status = 'pending' AND updated_at = ?2`,
      )
      .bind(listingId, read.updatedAt, rejection.code, rejection.reason),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE changes() > 0`,
      )
      .bind(listingId, read.status, context.actor.id, `changes rejected: ${rejection.reason ?? rejection.code}`, now),
    auditStatement(
      db,
      {
        ...context,
        action: "listing.changes_reject",
        target: { kind: "listing", id: listingId },
        after: { rejection_code: rejection.code },
        reason: rejection.reason ?? rejection.code,
      },
      AFTER_A_CHANGE,
    ),
  ]);
  return (update!.meta.changes ?? 0) > 0;
}

/**
 * A decision on the whole listing (it was pending) settles its revision too: `text` is a waiting
 * revision's, which goes into the listing (approved with it, or, rejected, no longer public and edited
 * directly by its owner from now on); a rejected revision is dropped (null). Every photo is the listing's after.
 */
export async function settleRevision(db: Database, listingId: number, text: RevisionText | null, now: number) {
  const statements = [
    db.prepare("UPDATE listing_images SET state = 'public' WHERE listing_id = ? AND state = 'pending'").bind(listingId),
    db.prepare("DELETE FROM listing_revisions WHERE listing_id = ?").bind(listingId),
  ];
  if (text) {
    statements.unshift(
      db
        .prepare(
          "UPDATE listings SET title = ?2, title_generated = ?3, description = ?4, lang = ?5, updated_at = ?6 WHERE id = ?1",
        )
        .bind(listingId, text.title, text.title_generated, text.description, text.lang, now),
    );
  }
  await db.batch(statements);
}

/**
 * A photo was added to a reviewed listing: its revision (the approved text when it had none) waits for a
 * moderator — a new one, or one rejected before, joins the queue now.
 */
export async function submitRevisionPhotos(db: Database, listingId: number, now: number) {
  await db
    .prepare(
      `INSERT INTO listing_revisions (listing_id, status, title, title_generated, description, lang, submitted_at,
         updated_at)
       SELECT id, 'pending', title, title_generated, description, lang, ?2, ?2 FROM listings WHERE id = ?1
       ON CONFLICT (listing_id) DO UPDATE SET
         submitted_at = CASE WHEN status = 'pending' THEN submitted_at ELSE ?2 END, status = 'pending',
         rejection_code = NULL, rejection_reason = NULL, updated_at = ?2`,
    )
    .bind(listingId, now)
    .run();
}

/**
 * Drops a listing's revision when nothing in it differs from the approved listing any more (the owner put
 * the text back, or deleted the photos that waited).
 */
export async function pruneRevision(db: Database, listingId: number) {
  await db
    .prepare(
      `DELETE FROM listing_revisions AS r WHERE r.listing_id = ?1
         AND NOT EXISTS (SELECT 1 FROM listing_images WHERE listing_id = ?1 AND state = 'pending')
         AND EXISTS (SELECT 1 FROM listings l WHERE l.id = ?1 AND l.title_generated = r.title_generated
           AND (l.title_generated = 1 OR l.title IS r.title) AND l.description IS r.description AND l.lang IS r.lang)`,
    )
    .bind(listingId)
    .run();
}
