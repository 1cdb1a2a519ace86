import { Hono } from "hono";
import { ArticleKeyParam, ArticleListQuery, TagQuery, TooltipKeyParam, bodyParagraphs } from "#shared/api/content.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  findArticle,
  findTooltip,
  listArticles,
  localizeAdvantages,
  localizeFaq,
  relatedArticles,
  summarizeArticle,
} from "#worker/db/content.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { valid } from "./validate.ts";

/** SPEC §7 "Content": media (tags, articles), FAQ, advantages, tooltips. */
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
    const items = rows.map((row) => tags.localize(row, locale));
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
    });
    return c.json({ items: rows.map((row) => summarizeArticle(row, tags)), total, page, per_page });
  })
  .get("/article/:x", valid("param", ArticleKeyParam), async (c) => {
    const { x } = c.req.valid("param");
    const locale = apiLocale(c);
    const row = await findArticle(c.env.DB, locale, x);
    if (!row) return apiError(c, 404, "not_found", "No such article");
    const tags = await referenceTables(c.env).tags();
    const parentId = tags.byId.get(row.tag_id)?.parent_id ?? null;
    const related = await relatedArticles(c.env.DB, locale, row, parentId);
    return c.json({
      data: {
        ...summarizeArticle(row, tags),
        body: bodyParagraphs(row.body),
        breadcrumbs: tags.breadcrumbs(row.tag_id, locale),
        related: related.map((r) => summarizeArticle(r, tags)),
      },
    });
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
    const data = await findTooltip(c.env.DB, key, apiLocale(c));
    if (!data) return apiError(c, 404, "not_found", "No such tooltip");
    return c.json({ data });
  });
