/** The content reference tables as the back office edits them (worker/db/admin-content.ts), in the API's shape. */
import type { ApiAdminAdvantage, ApiAdminFaq, ApiAdminTag, ApiAdminTooltip } from "#shared/api/admin-content.ts";
import type { TagArticlesRow } from "#worker/db/admin-content.ts";
import type { AdvantageRow, FaqRow, TagTree, TooltipRow } from "#worker/db/content.ts";

/** The tree in order, each tag with its path, children and the articles filed under it or below. */
export function toAdminTags(tree: TagTree, filed: readonly TagArticlesRow[]): ApiAdminTag[] {
  const articles = new Map<number, number>();
  const children = new Map<number, number>();
  for (const { tag_id, n } of filed) {
    // Every ancestor's URL is part of the article's: each counts it.
    for (const row of tree.ancestry(tag_id)) articles.set(row.id, (articles.get(row.id) ?? 0) + n);
  }
  for (const row of tree.ordered) {
    if (row.parent_id !== null) children.set(row.parent_id, (children.get(row.parent_id) ?? 0) + 1);
  }
  return tree.ordered.map((row) => ({
    id: row.id,
    parent_id: row.parent_id,
    depth: row.depth,
    slug: row.slug,
    name_en: row.name_en,
    name_ru: row.name_ru,
    name_sr: row.name_sr,
    position: row.position,
    path: tree.path(row.id),
    children: children.get(row.id) ?? 0,
    articles: articles.get(row.id) ?? 0,
  }));
}

// A category and an icon are written only as FaqBody and AdvantageBody allow: one of their lists.
export const toAdminFaq = (row: FaqRow): ApiAdminFaq => ({
  id: row.id,
  position: row.position,
  category: row.category as ApiAdminFaq["category"],
  question_en: row.question_en,
  question_ru: row.question_ru,
  question_sr: row.question_sr,
  answer_en: row.answer_en,
  answer_ru: row.answer_ru,
  answer_sr: row.answer_sr,
});

export const toAdminAdvantage = (row: AdvantageRow): ApiAdminAdvantage => ({
  id: row.id,
  position: row.position,
  icon: row.icon as ApiAdminAdvantage["icon"],
  title_en: row.title_en,
  title_ru: row.title_ru,
  title_sr: row.title_sr,
  text_en: row.text_en,
  text_ru: row.text_ru,
  text_sr: row.text_sr,
});

export const toAdminTooltip = (row: TooltipRow): ApiAdminTooltip => ({
  key: row.key,
  text_en: row.text_en,
  text_ru: row.text_ru,
  text_sr: row.text_sr,
});
