/**
 * The back office's writes to the content reference tables (decision 060): the media tag tree,
 * FAQ, advantages and tooltips. Each change is one D1 batch: its audit row first, written only if the
 * change's own condition holds (the same condition as the write, in the same transaction), then the write.
 */
import type { AdvantageInput, FaqInput, TagInput, TooltipInput } from "#shared/api/admin-content.ts";
import { type ActionContext, auditStatement } from "./audit.ts";
import type { AdvantageRow, FaqRow, TagRow, TooltipRow } from "./content.ts";
import type { Database } from "#worker/app-env.ts";

// ---------------------------------------------------------------------------------------------------
// Tags

/** How many articles (any state) are filed directly under a tag, for each tag that has any. */
export interface TagArticlesRow {
  tag_id: number;
  n: number;
}

export async function tagArticleCounts(db: Database): Promise<TagArticlesRow[]> {
  return (await db.prepare("SELECT tag_id, count(*) AS n FROM articles GROUP BY tag_id").all<TagArticlesRow>()).results;
}

const tagColumns = (row: Pick<TagRow, "slug" | "name_en" | "name_ru" | "name_sr">) => ({
  slug: row.slug,
  name_en: row.name_en,
  name_ru: row.name_ru,
  name_sr: row.name_sr,
});

/** Whether a sibling under `parentId` already has the slug (not counting `exceptId`). */
export async function siblingSlugTaken(db: Database, parentId: number | null, slug: string, exceptId = 0) {
  const row = await db
    .prepare("SELECT 1 AS x FROM tags WHERE ifnull(parent_id, 0) = ?1 AND slug = ?2 AND id <> ?3")
    .bind(parentId ?? 0, slug, exceptId)
    .first();
  return row !== null;
}

/** A new tag last among its siblings, with the next id; null when another write took that id first. */
export async function insertTag(
  db: Database,
  parent: { id: number; depth: number } | null,
  input: TagInput,
  context: ActionContext,
): Promise<number | null> {
  const next = await db
    .prepare(
      `SELECT (SELECT coalesce(max(id), 0) + 1 FROM tags) AS id,
              (SELECT coalesce(max(position) + 1, 0) FROM tags WHERE ifnull(parent_id, 0) = ?1) AS position`,
    )
    .bind(parent?.id ?? 0)
    .first<{ id: number; position: number }>();
  const { id, position } = next!;
  const depth = (parent?.depth ?? 0) + 1;
  const after = { parent_id: parent?.id ?? null, depth, position, ...tagColumns(input) };
  try {
    await db.batch([
      auditStatement(db, { ...context, action: "tag.create", target: { kind: "tag", id }, after }),
      db
        .prepare(
          `INSERT INTO tags (id, parent_id, depth, slug, name_en, name_ru, name_sr, position)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
        )
        .bind(id, after.parent_id, depth, input.slug, input.name_en, input.name_ru, input.name_sr, position),
    ]);
  } catch (error) {
    if (isConstraintError(error)) return null;
    throw error;
  }
  return id;
}

/** Tags at or below `?11`, as SQL for a condition. */
const SUBTREE = `WITH RECURSIVE sub(id) AS (SELECT ?11 UNION ALL SELECT t.id FROM tags t JOIN sub ON t.parent_id = sub.id)`;

/**
 * Renames the tag; a new slug only while no article is filed at or below it (their URLs hold the slug).
 * False when the tag is gone or an article arrived meanwhile.
 */
export async function updateTag(db: Database, before: TagRow, input: TagInput, context: ActionContext) {
  const slugChanges = input.slug !== before.slug;
  const condition = slugChanges
    ? `EXISTS (SELECT 1 FROM tags WHERE id = ?11) AND NOT EXISTS (${SUBTREE} SELECT 1 FROM articles WHERE tag_id IN (SELECT id FROM sub))`
    : "EXISTS (SELECT 1 FROM tags WHERE id = ?11)";
  const [audit] = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "tag.update",
        target: { kind: "tag", id: before.id },
        before: tagColumns(before),
        after: tagColumns(input),
      },
      { sql: condition, bind: [before.id] },
    ),
    db
      .prepare(
        `UPDATE tags SET slug = ?1, name_en = ?2, name_ru = ?3, name_sr = ?4
         WHERE id = ?11 AND ${condition}`,
      )
      .bind(input.slug, input.name_en, input.name_ru, input.name_sr, ...Array(6).fill(null), before.id),
  ]);
  return audit!.meta.changes > 0;
}

/** Deletes a tag with nothing below it and no article; false when it is gone or no longer empty. */
export async function deleteTag(db: Database, before: TagRow, context: ActionContext) {
  const condition = `EXISTS (SELECT 1 FROM tags WHERE id = ?11)
    AND NOT EXISTS (SELECT 1 FROM tags WHERE parent_id = ?11)
    AND NOT EXISTS (SELECT 1 FROM articles WHERE tag_id = ?11)`;
  const [audit] = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "tag.delete",
        target: { kind: "tag", id: before.id },
        before: { parent_id: before.parent_id, depth: before.depth, position: before.position, ...tagColumns(before) },
      },
      { sql: condition, bind: [before.id] },
    ),
    db.prepare(`DELETE FROM tags WHERE id = ?11 AND ${condition}`).bind(...Array(10).fill(null), before.id),
  ]);
  return audit!.meta.changes > 0;
}

const isConstraintError = (error: unknown) => error instanceof Error && /constraint/i.test(error.message);

// ---------------------------------------------------------------------------------------------------
// FAQ and advantages: ordered lists of texts

interface ListTable<Input> {
  table: "faq" | "advantages";
  /** The audit's target kind. */
  kind: "faq" | "advantage";
  columns: readonly (keyof Input & string)[];
}

const FAQ_TABLE: ListTable<FaqInput> = {
  table: "faq",
  kind: "faq",
  columns: ["category", "question_en", "question_ru", "question_sr", "answer_en", "answer_ru", "answer_sr"],
};

const ADVANTAGES_TABLE: ListTable<AdvantageInput> = {
  table: "advantages",
  kind: "advantage",
  columns: ["icon", "title_en", "title_ru", "title_sr", "text_en", "text_ru", "text_sr"],
};

function listStore<Input extends Record<string, unknown>, Row extends { id: number; position: number }>(
  spec: ListTable<Input>,
) {
  const { table, kind, columns } = spec;
  const valuesOf = (row: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, row[c]]));

  const all = async (db: Database) =>
    (await db.prepare(`SELECT * FROM ${table} ORDER BY position, id`).all<Row>()).results;

  const one = (db: Database, id: number) => db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<Row>();

  /** Adds the item last; its id. */
  async function insert(db: Database, input: Input, context: ActionContext): Promise<number | null> {
    const next = await db
      .prepare(`SELECT coalesce(max(id), 0) + 1 AS id, coalesce(max(position) + 1, 0) AS position FROM ${table}`)
      .first<{ id: number; position: number }>();
    const { id, position } = next!;
    try {
      await db.batch([
        auditStatement(db, {
          ...context,
          action: `${kind}.create`,
          target: { kind, id },
          after: { position, ...valuesOf(input) },
        }),
        db
          .prepare(
            `INSERT INTO ${table} (id, position, ${columns.join(", ")})
             VALUES (?1, ?2, ${columns.map((_, i) => `?${i + 3}`).join(", ")})`,
          )
          .bind(id, position, ...columns.map((c) => input[c])),
      ]);
    } catch (error) {
      if (isConstraintError(error)) return null;
      throw error;
    }
    return id;
  }

  /** Changes the item's texts; false when it is gone. */
  async function update(db: Database, before: Row, input: Input, context: ActionContext) {
    const exists = { sql: `EXISTS (SELECT 1 FROM ${table} WHERE id = ?11)`, bind: [before.id] };
    const [audit] = await db.batch([
      auditStatement(
        db,
        {
          ...context,
          action: `${kind}.update`,
          target: { kind, id: before.id },
          before: valuesOf(before),
          after: valuesOf(input),
        },
        exists,
      ),
      db
        .prepare(`UPDATE ${table} SET ${columns.map((c, i) => `${c} = ?${i + 1}`).join(", ")} WHERE id = ?11`)
        .bind(...columns.map((c) => input[c]), ...Array(10 - columns.length).fill(null), before.id),
    ]);
    return audit!.meta.changes > 0;
  }

  /** Deletes the item; false when it is gone already. */
  async function remove(db: Database, before: Row, context: ActionContext) {
    const [audit] = await db.batch([
      auditStatement(
        db,
        {
          ...context,
          action: `${kind}.delete`,
          target: { kind, id: before.id },
          before: { position: before.position, ...valuesOf(before) },
        },
        { sql: `EXISTS (SELECT 1 FROM ${table} WHERE id = ?11)`, bind: [before.id] },
      ),
      db.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(before.id),
    ]);
    return audit!.meta.changes > 0;
  }

  /**
   * Moves the item one place up or down: the list is renumbered 0… in its new order (rows whose position
   * changes only), so equal or sparse positions left by older data end up in order too. False at either end.
   */
  async function move(db: Database, id: number, direction: "up" | "down", context: ActionContext) {
    const rows = await all(db);
    const from = rows.findIndex((row) => row.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= rows.length) return false;
    const order = rows.map((row) => row.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    const positions = new Map(rows.map((row) => [row.id, row.position]));
    const writes = order
      .map((rowId, position) => ({ rowId, position }))
      .filter(({ rowId, position }) => positions.get(rowId) !== position)
      .map(({ rowId, position }) => db.prepare(`UPDATE ${table} SET position = ? WHERE id = ?`).bind(position, rowId));
    await db.batch([
      auditStatement(db, {
        ...context,
        action: `${kind}.move`,
        target: { kind, id },
        before: { position: from },
        after: { position: to },
      }),
      ...writes,
    ]);
    return true;
  }

  return { all, one, insert, update, remove, move };
}

export type ListStore<Input extends Record<string, unknown>, Row extends { id: number; position: number }> = ReturnType<
  typeof listStore<Input, Row>
>;
export const faqStore: ListStore<FaqInput, FaqRow> = listStore(FAQ_TABLE);
export const advantagesStore: ListStore<AdvantageInput, AdvantageRow> = listStore(ADVANTAGES_TABLE);

// ---------------------------------------------------------------------------------------------------
// Tooltips: texts the code names by key; editors change them, never add or remove one

export async function adminTooltips(db: Database): Promise<TooltipRow[]> {
  return (await db.prepare("SELECT key, text_en, text_ru, text_sr FROM tooltips ORDER BY key").all<TooltipRow>())
    .results;
}

export async function adminTooltip(db: Database, key: string) {
  return db.prepare("SELECT key, text_en, text_ru, text_sr FROM tooltips WHERE key = ?").bind(key).first<TooltipRow>();
}

export async function updateTooltip(db: Database, before: TooltipRow, input: TooltipInput, context: ActionContext) {
  const texts = (row: TooltipInput) => ({ text_en: row.text_en, text_ru: row.text_ru, text_sr: row.text_sr });
  const [audit] = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "tooltip.update",
        target: { kind: "tooltip", id: before.key },
        before: texts(before),
        after: texts(input),
      },
      { sql: "EXISTS (SELECT 1 FROM tooltips WHERE key = ?11)", bind: [before.key] },
    ),
    db
      .prepare("UPDATE tooltips SET text_en = ?1, text_ru = ?2, text_sr = ?3 WHERE key = ?4")
      .bind(input.text_en, input.text_ru, input.text_sr, before.key),
  ]);
  return audit!.meta.changes > 0;
}
