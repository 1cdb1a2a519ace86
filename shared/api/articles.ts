/**
 * The back office's articles (decision 059), editors and admins only:
 * `GET /api/admin/articles?q=&state=&page=` (newest first), `POST /api/admin/articles` (201),
 * `GET|PUT /api/admin/articles/{id}`, `GET /api/admin/articles/{id}/preview` (the public page's data in the
 * request's language, whatever the state) and `POST|DELETE /api/admin/articles/{id}/cover` (multipart `image`).
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { intParamOr, type Paged } from "./conventions.ts";

export const ARTICLE_STATES = ["draft", "published", "scheduled"] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const ARTICLE_LOCALES = LOCALES.map((l) => l.code) as Locale[];

export const ARTICLE_SLUG_MAX = 100;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_LEAD_MAX = 600;
export const ARTICLE_BODY_MAX = 50_000;
export const ARTICLE_AUTHOR_MAX = 100;
export const ADMIN_ARTICLES_PER_PAGE = 20;
/** How far ahead an article may be scheduled. */
export const ARTICLE_SCHEDULE_MAX_MS = 5 * 366 * 24 * 60 * 60 * 1000;

/**
 * An article's slug: lowercase letters, digits and single hyphens, with a letter somewhere (an all-digit
 * one would read as an id in `GET /api/article/{x}`).
 */
const ArticleSlug = v.pipe(
  v.string(INVALID.required),
  v.trim(),
  v.minLength(1, INVALID.required),
  v.maxLength(ARTICLE_SLUG_MAX, INVALID.tooLong),
  v.regex(/^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/, INVALID.format),
);

const line = (max: number) =>
  v.pipe(
    v.string(INVALID.required),
    plainLine(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(max, INVALID.tooLong),
  );

/** One language version: all three fields, or the language left out. */
const ArticleTranslation = v.object({
  title: line(ARTICLE_TITLE_MAX),
  lead: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(ARTICLE_LEAD_MAX, INVALID.tooLong),
  ),
  /** Markdown; raw HTML in it is shown as text (worker/markdown.ts). */
  body: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(ARTICLE_BODY_MAX, INVALID.tooLong),
  ),
});

/** An ISO 8601 time with its offset (`2026-12-01T09:00:00Z`, `…+01:00`) → ms. */
const IsoTime = v.pipe(
  v.string(INVALID.format),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/, INVALID.format),
  v.transform((s) => Date.parse(s)),
  v.check((ms) => Number.isFinite(ms), INVALID.format),
);

/** The body of POST /api/admin/articles and PUT /api/admin/articles/{id}: the whole article. */
export const ArticleBody = v.pipe(
  v.object({
    tag_id: v.pipe(
      v.number(INVALID.number),
      v.integer(INVALID.wholeNumber),
      v.minValue(1, INVALID.range),
      v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.range),
    ),
    slug: ArticleSlug,
    status: v.picklist(ARTICLE_STATES, INVALID.choice),
    /** Required when scheduled; ignored otherwise. */
    publish_at: v.optional(v.nullable(IsoTime)),
    /** The byline; the editor's name when absent. */
    author: v.optional(line(ARTICLE_AUTHOR_MAX)),
    translations: v.pipe(
      v.object(
        { en: v.optional(ArticleTranslation), ru: v.optional(ArticleTranslation), sr: v.optional(ArticleTranslation) },
        INVALID.required,
      ),
      v.check((t) => ARTICLE_LOCALES.some((locale) => t[locale] !== undefined), INVALID.required),
    ),
  }),
  v.forward(
    v.partialCheck(
      [["status"], ["publish_at"]],
      (body) => body.status !== "scheduled" || typeof body.publish_at === "number",
      INVALID.required,
    ),
    ["publish_at"],
  ),
);
export type ArticleInput = v.InferInput<typeof ArticleBody>;
export type ArticleOutput = v.InferOutput<typeof ArticleBody>;

export const AdminArticlesQuery = v.object({
  q: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(100, INVALID.tooLong)), ""),
  state: v.optional(v.picklist(ARTICLE_STATES, INVALID.choice)),
  page: intParamOr(1, 1000, 1),
});
export type AdminArticlesQueryInput = { q?: string; state?: ArticleState; page?: number };

// ---------------------------------------------------------------------------------------------------
// Responses

interface ApiArticleTranslation {
  title: string;
  lead: string;
  body: string;
}

export interface ApiAdminArticle {
  id: number;
  tag_id: number;
  slug: string;
  /** Its public address (without a locale prefix): `/media/{tag path}/{slug}/`. */
  path: string;
  status: ArticleState;
  /** ISO; set while scheduled. */
  publish_at: string | null;
  /** ISO: when it went (or goes) public; for a draft, when it was created. */
  published_at: string;
  /** Whether the public pages show it now. */
  live: boolean;
  author: string;
  created_at: string;
  updated_at: string;
  /** Who saved it last; null for articles that came with the seed. */
  updated_by: { id: number; name: string } | null;
  /** The picture: the cover's largest variant, or the drawn illustration. */
  image: string;
  image_srcset: string | null;
  has_cover: boolean;
  languages: Locale[];
  /** Title in the request's language, else in the first language it has. */
  title: string;
  translations: Partial<Record<Locale, ApiArticleTranslation>>;
}

/** A list item: the article without its language versions. */
export type ApiAdminArticleSummary = Omit<ApiAdminArticle, "translations">;

export type AdminArticlesResponse = Paged<ApiAdminArticleSummary>;
