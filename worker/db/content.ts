/**
 * Media and site content in D1 (tags, articles, FAQ, advantages, tooltips, feedback questions).
 * Rows keep all three languages; worker/api/shapes/content.ts picks the request's.
 */
import type { Locale } from "#shared/locales.ts";
import type { Database } from "#worker/app-env.ts";

type Localized<Name extends string> = Record<`${Name}_${Locale}`, string>;

export type TagRow = {
  id: number;
  parent_id: number | null;
  depth: number;
  slug: string;
  position: number;
} & Localized<"name">;

export type ArticleRow = {
  id: number;
  tag_id: number;
  slug: string;
  author: string;
  published_at: number;
  image_seed: number;
  status: "draft" | "published" | "scheduled";
  publish_at: number | null;
  created_at: number;
  updated_at: number;
  updated_by: number | null;
  cover_key: string | null;
  cover_width: number | null;
} & Localized<"title"> &
  Localized<"lead"> &
  Localized<"body">;

/** An article row with the columns of one locale only (what the queries select). */
export interface ArticleLocaleRow {
  id: number;
  tag_id: number;
  slug: string;
  author: string;
  published_at: number;
  title: string;
  lead: string;
  body: string;
  cover_key: string | null;
  cover_width: number | null;
  /** 1 where the article has that language's version. */
  has_en: number;
  has_ru: number;
  has_sr: number;
}

export type FaqRow = { id: number; position: number; category: string } & Localized<"question"> & Localized<"answer">;
export type AdvantageRow = { id: number; position: number; icon: string } & Localized<"title"> & Localized<"text">;
export type TooltipRow = { key: string } & Localized<"text">;

// Column names come from this table, never from the request.
const COLUMNS: Record<Locale, { title: string; lead: string; body: string }> = {
  en: { title: "title_en", lead: "lead_en", body: "body_en" },
  ru: { title: "title_ru", lead: "lead_ru", body: "body_ru" },
  sr: { title: "title_sr", lead: "lead_sr", body: "body_sr" },
};

function articleColumns(locale: Locale): string {
  const c = COLUMNS[locale];
  return `id, tag_id, slug, author, published_at, ${c.title} AS title, ${c.lead} AS lead, ${c.body} AS body,
    cover_key, cover_width, title_en <> '' AS has_en, title_ru <> '' AS has_ru, title_sr <> '' AS has_sr`;
}

/**
 * What the public sees (decision 059): published articles, and scheduled ones whose time has come (the Cron
 * Trigger turns those into published within minutes), that have a version in the page's language.
 * `now` is the statement's parameter `?{nowParam}`.
 */
function publicArticle(locale: Locale, nowParam: number): string {
  return `(status = 'published' OR (status = 'scheduled' AND publish_at <= ?${nowParam}))
    AND ${COLUMNS[locale].title} <> ''`;
}

/** The languages an article row has a version in. */
export const articleLanguages = (row: { has_en: number; has_ru: number; has_sr: number }): Locale[] =>
  (["en", "ru", "sr"] as const).filter((locale) => row[`has_${locale}`]);

// ---------------------------------------------------------------------------------------------------
// Tags

/** All tags, each with its path, in tree order (depth first; siblings by position, then slug). */
export class TagTree {
  readonly byId = new Map<number, TagRow>();
  readonly ordered: TagRow[] = [];
  private readonly paths = new Map<number, string[]>();

  constructor(rows: TagRow[]) {
    const children = new Map<number | null, TagRow[]>();
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = children.get(row.parent_id) ?? [];
      siblings.push(row);
      children.set(row.parent_id, siblings);
    }
    for (const siblings of children.values()) {
      siblings.sort((a, b) => a.position - b.position || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.id - b.id));
    }
    const visit = (parent: number | null, path: string[]) => {
      for (const row of children.get(parent) ?? []) {
        const own = [...path, row.slug];
        this.paths.set(row.id, own);
        this.ordered.push(row);
        visit(row.id, own);
      }
    };
    visit(null, []);
  }

  path(id: number): string[] {
    return this.paths.get(id) ?? [];
  }

  /** The tag at a slug path from the root. */
  find(path: readonly string[]): TagRow | undefined {
    const key = path.join("/");
    return this.ordered.find((row) => this.path(row.id).join("/") === key);
  }

  /** Tags strictly below one, in tree order. */
  descendants(id: number): TagRow[] {
    const prefix = [...this.path(id), ""].join("/");
    return this.ordered.filter((row) => this.path(row.id).join("/").startsWith(prefix));
  }

  /** The tag and its ancestors, root first. */
  ancestry(id: number): TagRow[] {
    const chain: TagRow[] = [];
    for (
      let row = this.byId.get(id);
      row && chain.length <= 4;
      row = row.parent_id === null ? undefined : this.byId.get(row.parent_id)
    ) {
      chain.unshift(row);
    }
    return chain;
  }
}

export async function loadTags(db: Database): Promise<TagTree> {
  const { results } = await db.prepare("SELECT * FROM tags").all<TagRow>();
  return new TagTree(results);
}

// ---------------------------------------------------------------------------------------------------
// Articles

/** One page of articles, newest first; `tagId` keeps those of that tag and every tag below it. */
export async function listArticles(
  db: Database,
  locale: Locale,
  opts: { tagId?: number; limit: number; offset: number; now: number },
): Promise<{ rows: ArticleLocaleRow[]; total: number }> {
  const subtree = `WITH RECURSIVE subtree(id) AS (
      SELECT ?1 UNION SELECT tags.id FROM tags JOIN subtree ON tags.parent_id = subtree.id
    )`;
  const where = `WHERE ${publicArticle(locale, 4)}${opts.tagId === undefined ? "" : " AND tag_id IN (SELECT id FROM subtree)"}`;
  const head = opts.tagId === undefined ? "" : subtree;
  // Every statement binds all four (?1 tag, ?2 limit, ?3 offset, ?4 now), used or not.
  const binds = [opts.tagId ?? null, opts.limit, opts.offset, opts.now];
  const [page, count] = await db.batch([
    db
      .prepare(
        `${head} SELECT ${articleColumns(locale)} FROM articles ${where}
         ORDER BY published_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(...binds),
    db.prepare(`${head} SELECT COUNT(*) AS n FROM articles ${where}`).bind(...binds),
  ]);
  return {
    rows: (page?.results ?? []) as ArticleLocaleRow[],
    total: (count?.results?.[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/**
 * A public article by id, else by slug (slugs are unique), and its related articles as `relatedArticles`
 * chooses them (the same tag or its parent), in one round trip (decision 091): the related ones are chosen by
 * the found article's tag inside the same batch. Null when there is no such article.
 */
export async function findArticleWithRelated(
  db: Database,
  locale: Locale,
  key: { id?: number; slug: string },
  now: number,
  limit = 4,
): Promise<{ row: ArticleLocaleRow; related: ArticleLocaleRow[] } | null> {
  // By id when one is given and public, else by slug: the id's match sorts first. Binds: ?1 id, ?2 slug,
  // ?3 now, ?4 limit (D1 takes as many values as the highest number a statement names).
  const found = `FROM articles WHERE (id = ?1 OR slug = ?2) AND ${publicArticle(locale, 3)} ORDER BY id = ?1 DESC LIMIT 1`;
  const binds = [key.id ?? null, key.slug, now, limit];
  const [article, related] = await db.batch<ArticleLocaleRow>([
    db.prepare(`SELECT ${articleColumns(locale)} ${found}`).bind(...binds.slice(0, 3)),
    db
      .prepare(
        `WITH found AS (SELECT id, tag_id ${found})
         SELECT ${articleColumns(locale)} FROM articles
         WHERE tag_id IN (SELECT tag_id FROM found UNION ALL SELECT t.parent_id FROM tags t JOIN found ON t.id = found.tag_id)
           AND id <> (SELECT id FROM found) AND ${publicArticle(locale, 3)}
         ORDER BY published_at DESC, id DESC LIMIT ?4`,
      )
      .bind(...binds),
  ]);
  const row = article?.results[0];
  return row ? { row, related: related?.results ?? [] } : null;
}

/** An article in one language whatever its state (the back office's preview); null when it has no such version. */
export async function anyArticle(db: Database, locale: Locale, id: number): Promise<ArticleLocaleRow | null> {
  return db
    .prepare(`SELECT ${articleColumns(locale)} FROM articles WHERE id = ? AND ${COLUMNS[locale].title} <> ''`)
    .bind(id)
    .first<ArticleLocaleRow>();
}

/** Up to `limit` other articles of the same tag or its parent, newest first. */
export async function relatedArticles(
  db: Database,
  locale: Locale,
  article: { id: number; tag_id: number },
  parentTagId: number | null,
  now: number,
  limit = 4,
): Promise<ArticleLocaleRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${articleColumns(locale)} FROM articles
       WHERE tag_id IN (?1, ?2) AND id <> ?3 AND ${publicArticle(locale, 5)}
       ORDER BY published_at DESC, id DESC LIMIT ?4`,
    )
    .bind(article.tag_id, parentTagId ?? article.tag_id, article.id, limit, now)
    .all<ArticleLocaleRow>();
  return results;
}

// ---------------------------------------------------------------------------------------------------
// FAQ, advantages, tooltips

export async function faqRows(db: Database): Promise<FaqRow[]> {
  return (await db.prepare("SELECT * FROM faq ORDER BY position, id").all<FaqRow>()).results;
}

export async function advantageRows(db: Database): Promise<AdvantageRow[]> {
  return (await db.prepare("SELECT * FROM advantages ORDER BY position, id").all<AdvantageRow>()).results;
}

export function findTooltip(db: Database, key: string): Promise<TooltipRow | null> {
  return db.prepare("SELECT * FROM tooltips WHERE key = ?").bind(key).first<TooltipRow>();
}

// ---------------------------------------------------------------------------------------------------
// Feedback

export async function insertFeedbackQuestion(
  db: Database,
  question: { name: string; email: string; question: string; locale: Locale },
  now = Date.now(),
): Promise<number> {
  const row = await db
    .prepare(
      "INSERT INTO feedback_questions (name, email, question, locale, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(question.name, question.email, question.question, question.locale, now)
    .first<{ id: number }>();
  if (!row) throw new Error("feedback question not stored");
  return row.id;
}
