/**
 * The back office's articles (decision 059), editors and admins only — a 404 for
 * everyone else:
 * - `GET /api/admin/articles?q=&state=&page=`: newest first, each without its texts;
 * - `POST /api/admin/articles` (201) and `PUT /api/admin/articles/{id}`: the whole article (ArticleBody);
 * - `GET /api/admin/articles/{id}`: with its language versions;
 * - `GET /api/admin/articles/{id}/preview`: what the public page shows, in the request's language, whatever
 *   the state (404 `no_translation` when it has no version in that language);
 * - `POST /api/admin/articles/{id}/cover` (multipart `image`, the photo pipeline) and `DELETE …/cover`.
 * Every write is one D1 batch with its audit row, throttled per editor.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import {
  ADMIN_ARTICLES_PER_PAGE,
  AdminArticlesQuery,
  type AdminArticlesResponse,
  ARTICLE_SCHEDULE_MAX_MS,
  ArticleBody,
  type ArticleOutput,
  type ApiAdminArticle,
  type ApiAdminArticleSummary,
} from "#shared/api/articles.ts";
import { IdParam } from "#shared/api/conventions.ts";
import { articlePicture } from "#shared/api/content.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import { PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  adminArticle,
  type AdminArticleRow,
  articleIdBySlug,
  type ArticleValues,
  createArticle,
  findAdminArticles,
  replaceCover,
  rowLanguages,
  updateArticle,
} from "#worker/db/articles.ts";
import { anyArticle, type TagTree } from "#worker/db/content.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { isUniqueConstraintError } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { admitPhoto, UNREADABLE_PHOTO } from "#worker/workflows/photo-admission.ts";
import { photoBindings } from "#worker/http/photo-bindings.ts";
import { coverObjects, removePhotoObjects, storeCover } from "#worker/workflows/photo-store.ts";
import { articleData } from "./content.ts";
import { valid } from "./validate.ts";

/** Article writes per editor and hour: far above a day's real work, a ceiling for a stolen session. */
const ARTICLE_WRITES_PER_HOUR = 300;

/** Message ids of the refusals only the articles have (locales `adminArticles.error.*`). */
const ARTICLE_ERRORS = {
  slugTaken: "adminArticles.error.slugTaken",
  slugIsTag: "adminArticles.error.slugIsTag",
  noTag: "adminArticles.error.noTag",
  publishAtPast: "adminArticles.error.publishAtPast",
  publishAtFar: "adminArticles.error.publishAtFar",
  changed: "adminArticles.error.changed",
  imageMissing: "adminArticles.error.imageMissing",
} as const;

const iso = (ms: number) => new Date(ms).toISOString();
const IdParams = v.object({ id: IdParam });

const cover = (row: AdminArticleRow) =>
  row.cover_key && row.cover_width ? { key: row.cover_key, width: row.cover_width } : null;

/** Whether the public pages show it now (in the languages it has). */
const isLive = (row: AdminArticleRow, now: number) =>
  row.status === "published" || (row.status === "scheduled" && row.publish_at !== null && row.publish_at <= now);

function toSummary(row: AdminArticleRow, tags: TagTree, locale: Locale, now: number): ApiAdminArticleSummary {
  const languages = rowLanguages(row);
  const shown = languages.includes(locale) ? locale : (languages[0] ?? locale);
  return {
    id: row.id,
    tag_id: row.tag_id,
    slug: row.slug,
    path: paths.media(...tags.path(row.tag_id), row.slug),
    status: row.status,
    publish_at: row.publish_at === null ? null : iso(row.publish_at),
    published_at: iso(row.published_at),
    live: isLive(row, now),
    author: row.author,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by === null ? null : { id: row.updated_by, name: row.editor_name ?? "" },
    ...articlePicture(row.id, cover(row)),
    has_cover: cover(row) !== null,
    languages,
    title: row[`title_${shown}`],
  };
}

function toAdminArticle(row: AdminArticleRow, tags: TagTree, locale: Locale, now: number): ApiAdminArticle {
  const translations: ApiAdminArticle["translations"] = {};
  for (const language of rowLanguages(row)) {
    translations[language] = {
      title: row[`title_${language}`],
      lead: row[`lead_${language}`],
      body: row[`body_${language}`],
    };
  }
  return { ...toSummary(row, tags, locale, now), translations };
}

const fieldError = (c: Context<AppEnv>, status: 400 | 409, field: string, id: string, message: string) =>
  apiError(c, status, status === 409 ? "conflict" : "invalid_input", message, { [field]: id });

/**
 * The body's values as stored, or the refusal naming its field: the tag must exist, the slug may not be a
 * sub-tag's (its address would be the tag's page) nor another article's, a schedule lies ahead.
 */
async function articleValues(
  c: Context<AppEnv>,
  body: ArticleOutput,
  before: AdminArticleRow | null,
): Promise<{ values: ArticleValues } | { refusal: Response }> {
  const now = nowOf(c);
  const tags = await referenceTables(c.env).tags();
  if (!tags.byId.has(body.tag_id)) {
    return { refusal: fieldError(c, 400, "tag_id", ARTICLE_ERRORS.noTag, "No such tag") };
  }
  if (tags.ordered.some((tag) => tag.parent_id === body.tag_id && tag.slug === body.slug)) {
    return { refusal: fieldError(c, 400, "slug", ARTICLE_ERRORS.slugIsTag, "The slug is a sub-tag's") };
  }
  const owner = await articleIdBySlug(c.env.DB, body.slug);
  if (owner !== null && owner !== before?.id) {
    return { refusal: fieldError(c, 409, "slug", ARTICLE_ERRORS.slugTaken, "Another article has this slug") };
  }
  let publishAt: number | null = null;
  let publishedAt: number;
  if (body.status === "scheduled") {
    publishAt = body.publish_at!;
    if (publishAt <= now) {
      return { refusal: fieldError(c, 400, "publish_at", ARTICLE_ERRORS.publishAtPast, "The time has passed") };
    }
    if (publishAt > now + ARTICLE_SCHEDULE_MAX_MS) {
      return { refusal: fieldError(c, 400, "publish_at", ARTICLE_ERRORS.publishAtFar, "Too far ahead") };
    }
    publishedAt = publishAt;
  } else if (body.status === "published") {
    // Published stays at its date; one that goes live now is dated now (a due schedule keeps its time).
    const wasLive = before && isLive(before, now);
    publishedAt = wasLive ? before.published_at : now;
  } else {
    publishedAt = before?.published_at ?? now;
  }
  const text = (locale: Locale, field: "title" | "lead" | "body") => body.translations[locale]?.[field] ?? "";
  const values: ArticleValues = {
    tag_id: body.tag_id,
    slug: body.slug,
    status: body.status,
    publish_at: publishAt,
    published_at: publishedAt,
    author: body.author ?? before?.author ?? c.get("user")!.name,
    title_en: text("en", "title"),
    title_ru: text("ru", "title"),
    title_sr: text("sr", "title"),
    lead_en: text("en", "lead"),
    lead_ru: text("ru", "lead"),
    lead_sr: text("sr", "lead"),
    body_en: text("en", "body"),
    body_ru: text("ru", "body"),
    body_sr: text("sr", "body"),
  };
  return { values };
}

async function answer(c: Context<AppEnv>, id: number, status: 200 | 201 = 200) {
  const row = await adminArticle(c.env.DB, id);
  if (!row) return apiError(c, 404, "not_found", "No such article");
  const tags = await referenceTables(c.env).tags();
  return c.json({ data: toAdminArticle(row, tags, apiLocale(c), nowOf(c)) }, status);
}

const slugRace = (c: Context<AppEnv>) =>
  fieldError(c, 409, "slug", ARTICLE_ERRORS.slugTaken, "Another article has this slug");

export const adminArticles = new Hono<AppEnv>();

for (const path of ["/admin/articles", "/admin/articles/*"]) adminArticles.use(path, requireRole("editor"));
for (const method of ["POST", "PUT", "DELETE"]) {
  adminArticles.on(
    method,
    ["/admin/articles", "/admin/articles/*"],
    throttle((c) => [perUser(c, "article-write", ARTICLE_WRITES_PER_HOUR, 3600)]),
  );
}

adminArticles
  .get("/admin/articles", valid("query", AdminArticlesQuery), async (c) => {
    const { q, state, page } = c.req.valid("query");
    const { rows, total } = await findAdminArticles(c.env.DB, { q, state }, page, ADMIN_ARTICLES_PER_PAGE);
    const tags = await referenceTables(c.env).tags();
    const locale = apiLocale(c);
    const now = nowOf(c);
    const body: AdminArticlesResponse = {
      items: rows.map((row) => toSummary(row, tags, locale, now)),
      total,
      page,
      per_page: ADMIN_ARTICLES_PER_PAGE,
    };
    return c.json(body);
  })
  .post("/admin/articles", valid("json", ArticleBody), async (c) => {
    const result = await articleValues(c, c.req.valid("json"), null);
    if ("refusal" in result) return result.refusal;
    let id: number;
    try {
      // The drawn picture's seed, for as long as it has no cover.
      const seed = crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
      id = await createArticle(c.env.DB, result.values, seed, staffAction(c));
    } catch (error) {
      if (isUniqueConstraintError(error)) return slugRace(c);
      throw error;
    }
    return answer(c, id, 201);
  })
  .get("/admin/articles/:id", valid("param", IdParams), (c) => answer(c, c.req.valid("param").id))
  .put("/admin/articles/:id", valid("param", IdParams), valid("json", ArticleBody), async (c) => {
    const before = await adminArticle(c.env.DB, c.req.valid("param").id);
    if (!before) return apiError(c, 404, "not_found", "No such article");
    const result = await articleValues(c, c.req.valid("json"), before);
    if ("refusal" in result) return result.refusal;
    try {
      if (!(await updateArticle(c.env.DB, before, result.values, staffAction(c)))) {
        return fieldError(c, 409, "body", ARTICLE_ERRORS.changed, "The article changed meanwhile; reload it");
      }
    } catch (error) {
      if (isUniqueConstraintError(error)) return slugRace(c);
      throw error;
    }
    return answer(c, before.id);
  })
  .get("/admin/articles/:id/preview", valid("param", IdParams), async (c) => {
    const { id } = c.req.valid("param");
    const locale = apiLocale(c);
    const row = await anyArticle(c.env.DB, locale, id);
    if (!row) {
      const exists = await adminArticle(c.env.DB, id);
      if (!exists) return apiError(c, 404, "not_found", "No such article");
      return apiError(c, 404, "no_translation", `The article has no version in ${locale}`, {
        languages: rowLanguages(exists).join(","),
      });
    }
    return c.json({ data: await articleData(c, row, locale) });
  })
  .post(
    "/admin/articles/:id/cover",
    valid("param", IdParams),
    throttle((c) => [perUser(c, "photo-upload", PHOTO_UPLOADS_PER_USER_PER_HOUR, 3600)], { field: "image" }),
    async (c) => {
      const before = await adminArticle(c.env.DB, c.req.valid("param").id);
      if (!before) return apiError(c, 404, "not_found", "No such article");
      if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
        return apiError(c, 415, "unsupported_media_type", "Send the image as multipart/form-data", {
          image: INVALID.format,
        });
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return apiError(c, 400, "invalid_input", "Invalid form", { body: INVALID.format });
      }
      const file = form.get("image");
      if (!(file instanceof File) || file.size === 0) {
        return fieldError(c, 400, "image", ARTICLE_ERRORS.imageMissing, "Choose a picture");
      }
      if (file.size > PHOTO_MAX_BYTES) {
        return apiError(c, 413, "photo_too_large", `A photo may have at most ${PHOTO_MAX_BYTES} bytes`, {
          image: PHOTO_ERRORS.tooLarge,
        });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const admitted = admitPhoto(bytes, photoBindings(c));
      if ("refusal" in admitted) {
        const { status, code, message, error } = admitted.refusal;
        return apiError(c, status, code, message, { image: error });
      }
      const stored = await storeCover(photoBindings(c), bytes, admitted.photo);
      if (!stored) {
        const { status, code, message, error } = UNREADABLE_PHOTO;
        return apiError(c, status, code, message, { image: error });
      }
      const origin = new URL(c.req.url).origin;
      if (!(await replaceCover(c.env.DB, before, { key: stored.key, width: stored.width }, staffAction(c)))) {
        await removePhotoObjects(c.env.PHOTOS, origin, stored.objects);
        return fieldError(c, 409, "image", PHOTO_ERRORS.changed, "The cover changed meanwhile; try again");
      }
      if (before.cover_key && before.cover_width) {
        await removePhotoObjects(c.env.PHOTOS, origin, coverObjects(before.cover_key, before.cover_width));
      }
      return answer(c, before.id);
    },
  )
  .delete("/admin/articles/:id/cover", valid("param", IdParams), async (c) => {
    const before = await adminArticle(c.env.DB, c.req.valid("param").id);
    if (!before) return apiError(c, 404, "not_found", "No such article");
    if (before.cover_key && before.cover_width) {
      if (!(await replaceCover(c.env.DB, before, null, staffAction(c)))) {
        return fieldError(c, 409, "image", PHOTO_ERRORS.changed, "The cover changed meanwhile; try again");
      }
      await removePhotoObjects(
        c.env.PHOTOS,
        new URL(c.req.url).origin,
        coverObjects(before.cover_key, before.cover_width),
      );
    }
    return answer(c, before.id);
  });
