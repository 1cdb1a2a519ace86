/** Media and site content (worker/db/content.ts) in the request's language, in the API's shape. */
import {
  type ApiAdvantage,
  type ApiArticleSummary,
  type ApiBreadcrumb,
  type ApiFaq,
  type ApiTag,
  type ApiTooltip,
  articlePicture,
  readingMinutes,
} from "#shared/api/content.ts";
import type { Locale } from "#shared/locales.ts";
import type { AdvantageRow, ArticleLocaleRow, FaqRow, TagRow, TagTree, TooltipRow } from "#worker/db/content.ts";

export function toTag(tags: TagTree, row: TagRow, locale: Locale): ApiTag {
  return {
    id: row.id,
    parent_id: row.parent_id,
    depth: row.depth,
    slug: row.slug,
    name: row[`name_${locale}`],
    path: tags.path(row.id),
  };
}

/** The tag and its ancestors, root first. */
export function toBreadcrumbs(tags: TagTree, id: number, locale: Locale): ApiBreadcrumb[] {
  return tags.ancestry(id).map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row[`name_${locale}`],
    path: tags.path(row.id),
  }));
}

export function summarizeArticle(row: ArticleLocaleRow, tags: TagTree): ApiArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    tag_path: tags.path(row.tag_id),
    title: row.title,
    lead: row.lead,
    author: row.author,
    published_at: new Date(row.published_at).toISOString(),
    reading_minutes: readingMinutes(row.body),
    ...articlePicture(row.id, row.cover_key && row.cover_width ? { key: row.cover_key, width: row.cover_width } : null),
  };
}

export function localizeFaq(rows: readonly FaqRow[], locale: Locale): ApiFaq[] {
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    question: row[`question_${locale}`],
    answer: row[`answer_${locale}`],
  }));
}

export function localizeAdvantages(rows: readonly AdvantageRow[], locale: Locale): ApiAdvantage[] {
  return rows.map((row) => ({
    id: row.id,
    icon: row.icon,
    title: row[`title_${locale}`],
    text: row[`text_${locale}`],
  }));
}

export const toTooltip = (row: TooltipRow, locale: Locale): ApiTooltip => ({
  key: row.key,
  text: row[`text_${locale}`],
});
