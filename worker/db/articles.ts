/**
 * Articles as the back office writes them (migration 0033, decision 059): every change is one D1 batch
 * together with its audit row, and a scheduled article is turned into a published one by the Cron Trigger.
 * The public reads are in ./content.ts.
 */
import type { ArticleState } from "#shared/api/articles.ts";
import type { Locale } from "#shared/locales.ts";
import { type ActionContext as AuditContext, type AuditActor, auditStatement } from "./audit.ts";
import type { ArticleRow } from "./content.ts";
import type { Database } from "#worker/app-env.ts";

export type AdminArticleRow = ArticleRow & { editor_name: string | null };

/** What an editor writes: the article's own values (the language columns empty where it has no version). */
export interface ArticleValues {
  tag_id: number;
  slug: string;
  status: ArticleState;
  publish_at: number | null;
  published_at: number;
  author: string;
  title_en: string;
  title_ru: string;
  title_sr: string;
  lead_en: string;
  lead_ru: string;
  lead_sr: string;
  body_en: string;
  body_ru: string;
  body_sr: string;
}

/** The columns ArticleValues names, in one order for the INSERT, the UPDATE and the audit's values. */
const VALUE_COLUMNS = [
  "tag_id",
  "slug",
  "status",
  "publish_at",
  "published_at",
  "author",
  "title_en",
  "title_ru",
  "title_sr",
  "lead_en",
  "lead_ru",
  "lead_sr",
  "body_en",
  "body_ru",
  "body_sr",
] as const satisfies readonly (keyof ArticleValues)[];

/** An article's editor is a person: `updated_by` names them. */
type ActionContext = AuditContext<AuditActor & { kind: "user" }>;

const SELECT = `SELECT a.*, u.name AS editor_name FROM articles a LEFT JOIN users u ON u.id = a.updated_by`;

export async function adminArticle(db: Database, id: number): Promise<AdminArticleRow | null> {
  return db.prepare(`${SELECT} WHERE a.id = ?`).bind(id).first<AdminArticleRow>();
}

export async function articleIdBySlug(db: Database, slug: string): Promise<number | null> {
  const row = await db.prepare("SELECT id FROM articles WHERE slug = ?").bind(slug).first<{ id: number }>();
  return row?.id ?? null;
}

/** `%…%` for LIKE with the user's own `%`, `_` and `\` taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of articles, newest first; `q` finds an id, a slug or a title in any language. */
export async function findAdminArticles(
  db: Database,
  filter: { q: string; state?: ArticleState },
  page: number,
  perPage: number,
): Promise<{ rows: AdminArticleRow[]; total: number }> {
  const id = /^\d{1,15}$/.test(filter.q) ? Number(filter.q) : null;
  const where = `WHERE (?1 = '' OR a.id = ?2 OR a.slug LIKE ?3 ESCAPE '\\' OR a.title_en LIKE ?3 ESCAPE '\\'
      OR a.title_ru LIKE ?3 ESCAPE '\\' OR a.title_sr LIKE ?3 ESCAPE '\\')
    AND (?4 IS NULL OR a.status = ?4)`;
  const binds = [filter.q, id, contains(filter.q), filter.state ?? null];
  const [rows, count] = await db.batch([
    db
      .prepare(`${SELECT} ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ?5 OFFSET ?6`)
      .bind(...binds, perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM articles a ${where}`).bind(...binds),
  ]);
  return {
    rows: (rows?.results ?? []) as AdminArticleRow[],
    total: (count?.results?.[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** The values of an article as the audit log records them. */
function auditValues(values: ArticleValues | ArticleRow): Record<string, unknown> {
  return Object.fromEntries(VALUE_COLUMNS.map((column) => [column, values[column]]));
}

/** Only what changed, before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Inserts a new article with its audit row in one batch. Its id is chosen before (the audit row names it):
 * another editor's article taking the same id at the same moment fails the whole batch, which is tried
 * again with the next one. A slug taken meanwhile throws the unique constraint's error.
 */
export async function createArticle(
  db: Database,
  values: ArticleValues,
  imageSeed: number,
  context: ActionContext,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const next = await db.prepare("SELECT coalesce(max(id), 0) + 1 AS id FROM articles").first<{ id: number }>();
    const id = next!.id;
    const columns = [...VALUE_COLUMNS, "id", "image_seed", "created_at", "updated_at", "updated_by"];
    const binds = [
      ...VALUE_COLUMNS.map((column) => values[column]),
      id,
      imageSeed,
      context.now,
      context.now,
      context.actor.id,
    ];
    try {
      await db.batch([
        db
          .prepare(`INSERT INTO articles (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
          .bind(...binds),
        auditStatement(db, {
          ...context,
          action: "article.create",
          target: { kind: "article", id },
          after: auditValues(values),
        }),
      ]);
      return id;
    } catch (error) {
      const idTaken = error instanceof Error && /UNIQUE constraint failed: articles\.id/i.test(error.message);
      if (!idTaken || attempt >= 4) throw error;
    }
  }
}

/**
 * Writes an article's new values over the row that was read (`before.updated_at`), with its audit row of
 * what changed: false when the article changed meanwhile (nothing written).
 */
export async function updateArticle(
  db: Database,
  before: ArticleRow,
  values: ArticleValues,
  context: ActionContext,
): Promise<boolean> {
  const diff = changed(auditValues(before), auditValues(values));
  if (Object.keys(diff.after).length === 0) return true;
  const sets = VALUE_COLUMNS.map((column) => `${column} = ?`).join(", ");
  const [update] = await db.batch([
    db
      .prepare(`UPDATE articles SET ${sets}, updated_at = ?, updated_by = ? WHERE id = ? AND updated_at = ?`)
      .bind(
        ...VALUE_COLUMNS.map((column) => values[column]),
        context.now,
        context.actor.id,
        before.id,
        before.updated_at,
      ),
    auditStatement(
      db,
      { ...context, action: "article.update", target: { kind: "article", id: before.id }, ...diff },
      { sql: "changes() > 0", bind: [] },
    ),
  ]);
  return (update?.meta.changes ?? 0) > 0;
}

/**
 * Sets (or, with null, removes) an article's cover over the one that was read, with its audit row: false
 * when the cover changed meanwhile.
 */
export async function replaceCover(
  db: Database,
  before: ArticleRow,
  cover: { key: string; width: number } | null,
  context: ActionContext,
): Promise<boolean> {
  const [update] = await db.batch([
    db
      .prepare(
        `UPDATE articles SET cover_key = ?, cover_width = ?, updated_at = ?, updated_by = ?
         WHERE id = ? AND cover_key IS ?`,
      )
      .bind(cover?.key ?? null, cover?.width ?? null, context.now, context.actor.id, before.id, before.cover_key),
    auditStatement(
      db,
      {
        ...context,
        action: cover ? "article.cover" : "article.cover_remove",
        target: { kind: "article", id: before.id },
        before: { cover_key: before.cover_key },
        after: { cover_key: cover?.key ?? null },
      },
      { sql: "changes() > 0", bind: [] },
    ),
  ]);
  return (update?.meta.changes ?? 0) > 0;
}

/**
 * Scheduled articles whose time has come become published (the Cron Trigger; the public reads show them
 * from `publish_at` already, so this only makes the back office's state say so). Their ids.
 */
export async function publishDueArticles(db: Database, now: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `UPDATE articles SET status = 'published', published_at = publish_at, publish_at = NULL
       WHERE status = 'scheduled' AND publish_at <= ? RETURNING id`,
    )
    .bind(now)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** The languages a row has a version in (its title is not empty). */
export const rowLanguages = (row: ArticleRow): Locale[] =>
  (["en", "ru", "sr"] as const).filter((locale) => row[`title_${locale}`] !== "");
