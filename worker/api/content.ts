import { type Context, Hono } from "hono";
import {
  type ApiArticle,
  ArticleKeyParam,
  ArticleListQuery,
  TagQuery,
  TooltipKeyParam,
  bodyParagraphs,
} from "#shared/api/content.ts";
import type { Locale } from "#shared/locales.ts";
import { renderMarkdown } from "#worker/markdown.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  type ArticleLocaleRow,
  articleLanguages,
  findArticleWithRelated,
  findTooltip,
  listArticles,
  relatedArticles,
} from "#worker/db/content.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import {
  localizeAdvantages,
  localizeFaq,
  summarizeArticle,
  toBreadcrumbs,
  toTag,
  toTooltip,
} from "./shapes/content.ts";
import { valid } from "./validate.ts";

/**
 * An article as its public page shows it, in one language: the body rendered from Markdown, its tags, and
 * the related articles that are public now. The back office's preview answers the same.
 */
export async function articleData(
  c: Context<AppEnv>,
  row: ArticleLocaleRow,
  locale: Locale,
  /** The related articles when already read with the article (findArticleWithRelated). */
  readRelated?: ArticleLocaleRow[],
): Promise<ApiArticle> {
  const tags = await referenceTables(c.env).tags();
  const parentId = tags.byId.get(row.tag_id)?.parent_id ?? null;
  const related = readRelated ?? (await relatedArticles(c.env.DB, locale, row, parentId, nowOf(c)));
  return {
    ...summarizeArticle(row, tags),
    body: bodyParagraphs(row.body),
    body_html: renderMarkdown(row.body),
    languages: articleLanguages(row),
    breadcrumbs: toBreadcrumbs(tags, row.tag_id, locale),
    related: related.map((r) => summarizeArticle(r, tags)),
  };
}

/** Product §7 "Content": media (tags, articles), FAQ, advantages, tooltips. */
export const content = new Hono<AppEnv>()
  .get("/tag", valid("query", TagQuery), async (c) => {
    const { parent } = c.req.valid("query");
    const locale = apiLocale(c);
    const tags = await referenceTables(c.env).tags();
    let rows = tags.ordered;
    if (parent) {
      const tag = tags.find(parent);
      if (!tag) return apiError(c, 404, "not_found", "No such tag");
      rows = tags.descendants(tag.id);
    }
    const items = rows.map((row) => toTag(tags, row, locale));
    return c.json({ items, total: items.length });
  })
  .get("/article", valid("query", ArticleListQuery), async (c) => {
    const { page, per_page, tag } = c.req.valid("query");
    const locale = apiLocale(c);
    const tags = await referenceTables(c.env).tags();
    let tagId: number | undefined;
    if (tag) {
      const found = tags.find(tag);
      if (!found) return apiError(c, 404, "not_found", "No such tag");
      tagId = found.id;
    }
    const { rows, total } = await listArticles(c.env.DB, locale, {
      tagId,
      limit: per_page,
      offset: (page - 1) * per_page,
      now: nowOf(c),
    });
    return c.json({ items: rows.map((row) => summarizeArticle(row, tags)), total, page, per_page });
  })
  .get("/article/:x", valid("param", ArticleKeyParam), async (c) => {
    const { x } = c.req.valid("param");
    const locale = apiLocale(c);
    const found = await findArticleWithRelated(c.env.DB, locale, x, nowOf(c));
    if (!found) return apiError(c, 404, "not_found", "No such article");
    return c.json({ data: await articleData(c, found.row, locale, found.related) });
  })
  .get("/faq", async (c) => {
    const items = localizeFaq(await referenceTables(c.env).faq(), apiLocale(c));
    return c.json({ items, total: items.length });
  })
  .get("/advantage", async (c) => {
    const items = localizeAdvantages(await referenceTables(c.env).advantages(), apiLocale(c));
    return c.json({ items, total: items.length });
  })
  .get("/tooltip/:key", valid("param", TooltipKeyParam), async (c) => {
    const { key } = c.req.valid("param");
    const row = await findTooltip(c.env.DB, key);
    if (!row) return apiError(c, 404, "not_found", "No such tooltip");
    return c.json({ data: toTooltip(row, apiLocale(c)) });
  });
