/**
 * Contract of the content, feedback, statistics and unsubscribe calls (product §7 "Content", "Statistics",
 * "Unsubscribe"): request schemas the worker validates with, response schemas the client and the tests
 * read with, and the small pure helpers both sides share. Localized fields (name, title, lead, body,
 * question, answer, text) are in the request's locale.
 */
import * as v from "valibot";
import { TooltipKey } from "./tooltip-key.ts";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { LOCALES } from "#shared/locales.ts";

const LOCALE_CODES = LOCALES.map((l) => l.code);
import { PageQuery, Slug } from "./conventions.ts";
import { SUBSCRIPTION_LISTS } from "#shared/subscription-lists.ts";
import { INVALID } from "#shared/validation.ts";
import { SLUG } from "#shared/value-patterns.ts";
import { articleCoverSizes } from "#shared/article-image.ts";
import { srcsetOf, variantUrl } from "#shared/photo-variants.ts";

// ---------------------------------------------------------------------------------------------------
// Helpers

/** Reading speed behind `reading_minutes`. */
const WORDS_PER_MINUTE = 200;

/** Words of a text: runs of non-space characters. */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

/** Minutes to read a text at ~200 words a minute, never less than 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(countWords(text) / WORDS_PER_MINUTE));
}

/** An article body as paragraphs: separated by blank lines, trimmed, empty ones dropped. */
export function bodyParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** `john.doe@gmail.com` → `j***@gmail.com`: enough to recognise an address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? "" : email.slice(at);
  const first = Array.from(local)[0] ?? "";
  return `${first}***${domain}`;
}

/** The drawn picture of an article (generated SVG, served elsewhere): its picture while it has no cover. */
export function articleImageUrl(id: number): string {
  return `/images/articles/${id}.svg`;
}

/** An article's picture: its cover's variants (largest last, with their `srcset`), else the drawn one. */
export function articlePicture(
  id: number,
  cover: { key: string; width: number } | null,
): { image: string; image_srcset: string | null } {
  if (!cover) return { image: articleImageUrl(id), image_srcset: null };
  const variants = articleCoverSizes(cover.width).map((size) => ({ url: variantUrl(cover.key, size.width), ...size }));
  return { image: variants.at(-1)!.url, image_srcset: srcsetOf(variants) };
}

// ---------------------------------------------------------------------------------------------------
// Requests

const SLUG_SEGMENT = SLUG.source.slice(1, -1);
const TAG_PATH_RE = new RegExp(`^${SLUG_SEGMENT}(?:/${SLUG_SEGMENT}){0,3}$`);

/** A slash-joined tag path from the root (`market/prices`; outer slashes tolerated) → its slugs. */
export const TagPath = v.pipe(
  v.string(INVALID.format),
  v.maxLength(400, INVALID.tooLong),
  v.transform((s) => s.replace(/^\/+|\/+$/g, "")),
  v.regex(TAG_PATH_RE, INVALID.format),
  v.transform((s) => s.split("/")),
);

/** GET /api/tag: `parent` limits the list to the tags below that one. */
export const TagQuery = v.object({ parent: v.optional(TagPath) });

/** GET /api/article: page, per_page (1–50) and a tag path (the tag and everything below it). */
export const ArticleListQuery = v.object({ ...PageQuery.entries, tag: v.optional(TagPath) });
export type ArticleListQueryInput = { page?: number; per_page?: number; tag?: string };

/** GET /api/article/{x}: a numeric id or a slug. */
export const ArticleKeyParam = v.object({
  x: v.pipe(
    Slug,
    v.transform((s) => {
      const id = /^[1-9]\d{0,15}$/.test(s) ? Number(s) : undefined;
      return { id: id !== undefined && Number.isSafeInteger(id) ? id : undefined, slug: s };
    }),
  ),
});

/** GET /api/tooltip/{x}. */
export { TooltipKey };
export const TooltipKeyParam = v.object({ key: TooltipKey });

/** POST /api/feedback/question. */
export const FeedbackQuestionBody = v.object({
  name: v.pipe(
    v.string(INVALID.required),
    plainLine(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(100, INVALID.tooLong),
  ),
  email: v.pipe(
    v.string(INVALID.required),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(254, INVALID.tooLong),
    v.email(INVALID.email),
  ),
  question: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(10, INVALID.tooShort),
    v.maxLength(2000, INVALID.tooLong),
  ),
});
export type FeedbackQuestionInput = v.InferInput<typeof FeedbackQuestionBody>;

/** What POST /api/statistics/realty/{id}[/{kind}] counts; a bare id is a view. */
export type StatKind = "view" | "phone" | "map" | "list";

/**
 * An unsubscribe link's token (worker/auth/unsubscribe-token.ts): `{user}.{scope}.{expires}.{signature}`,
 * numbers in base 36, the scope a list's name or `s-{saved search id}`. Only its form is checked here;
 * the worker checks the signature and the date.
 */
export const UnsubscribeToken = v.pipe(
  v.string(INVALID.required),
  v.regex(/^[0-9a-z]{1,11}\.(?:[a-z_]{1,20}|s-[0-9a-z]{1,11})\.[0-9a-z]{1,11}\.[\w-]{43}$/, INVALID.format),
);
const OptionalList = v.optional(v.picklist(SUBSCRIPTION_LISTS, INVALID.choice));
export const UnsubscribeQuery = v.object({ token: UnsubscribeToken });
/** `list`: leave that list instead of what the token's link stops. */
export const UnsubscribeBody = v.object({ token: UnsubscribeToken, list: OptionalList });
export const UnsubscribeAllBody = v.object({ token: UnsubscribeToken });
/** `POST /api/unsubscribe/one-click?token=` (RFC 8058, the `List-Unsubscribe` of an e-mail). */
export const UnsubscribeOneClickQuery = v.object({ token: UnsubscribeToken, list: OptionalList });
export type UnsubscribeInput = v.InferInput<typeof UnsubscribeBody>;

// ---------------------------------------------------------------------------------------------------
// Responses

const ApiTagSchema = v.object({
  id: v.number(),
  parent_id: v.nullable(v.number()),
  depth: v.number(),
  slug: v.string(),
  name: v.string(),
  /** Slugs from the root down to this tag. */
  path: v.array(v.string()),
});
export type ApiTag = v.InferOutput<typeof ApiTagSchema>;

export const TagListResponse = v.object({ items: v.array(ApiTagSchema), total: v.number() });
export type TagListResponse = v.InferOutput<typeof TagListResponse>;

const ApiArticleSummarySchema = v.object({
  id: v.number(),
  slug: v.string(),
  /** Slugs of the article's tag from the root. */
  tag_path: v.array(v.string()),
  title: v.string(),
  lead: v.string(),
  author: v.string(),
  /** ISO 8601. */
  published_at: v.string(),
  reading_minutes: v.number(),
  /** URL of the article's picture: its cover's largest variant, or the drawn illustration. */
  image: v.string(),
  /** The cover's variants for `<img srcset>`; null when the picture is the drawn one. */
  image_srcset: v.nullable(v.string()),
});
export type ApiArticleSummary = v.InferOutput<typeof ApiArticleSummarySchema>;

export const ArticleListResponse = v.object({
  items: v.array(ApiArticleSummarySchema),
  total: v.number(),
  page: v.number(),
  per_page: v.number(),
});
export type ArticleListResponse = v.InferOutput<typeof ArticleListResponse>;

const ApiBreadcrumbSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  path: v.array(v.string()),
});
export type ApiBreadcrumb = v.InferOutput<typeof ApiBreadcrumbSchema>;

const ApiArticleSchema = v.object({
  ...ApiArticleSummarySchema.entries,
  /** The Markdown source's paragraphs (split at blank lines). */
  body: v.array(v.string()),
  /** The body rendered from Markdown, safe to place as it is (worker/markdown.ts, decision 059). */
  body_html: v.string(),
  /** The languages the article is written in: it is public in those only. */
  languages: v.array(v.picklist(LOCALE_CODES)),
  /** The tag path with names, root first. */
  breadcrumbs: v.array(ApiBreadcrumbSchema),
  /** Up to 4 other articles of the same tag or its parent, newest first. */
  related: v.array(ApiArticleSummarySchema),
});
export type ApiArticle = v.InferOutput<typeof ApiArticleSchema>;

export const ArticleResponse = v.object({ data: ApiArticleSchema });
export type ArticleResponse = v.InferOutput<typeof ArticleResponse>;

const ApiFaqSchema = v.object({
  id: v.number(),
  category: v.string(),
  question: v.string(),
  answer: v.string(),
});
export type ApiFaq = v.InferOutput<typeof ApiFaqSchema>;
export const FaqListResponse = v.object({ items: v.array(ApiFaqSchema), total: v.number() });
export type FaqListResponse = v.InferOutput<typeof FaqListResponse>;

const ApiAdvantageSchema = v.object({ id: v.number(), icon: v.string(), title: v.string(), text: v.string() });
export type ApiAdvantage = v.InferOutput<typeof ApiAdvantageSchema>;
export const AdvantageListResponse = v.object({ items: v.array(ApiAdvantageSchema), total: v.number() });
export type AdvantageListResponse = v.InferOutput<typeof AdvantageListResponse>;

const ApiTooltipSchema = v.object({ key: v.string(), text: v.string() });
export type ApiTooltip = v.InferOutput<typeof ApiTooltipSchema>;
export const TooltipResponse = v.object({ data: ApiTooltipSchema });
export type TooltipResponse = v.InferOutput<typeof TooltipResponse>;

export const FeedbackQuestionResponse = v.object({ data: v.object({ id: v.number() }) });
export type FeedbackQuestionResponse = v.InferOutput<typeof FeedbackQuestionResponse>;

const SubscriptionStateSchema = v.object({ list: v.picklist(SUBSCRIPTION_LISTS), subscribed: v.boolean() });
export type SubscriptionState = v.InferOutput<typeof SubscriptionStateSchema>;

/** What an unsubscribe link stops: one list, or the alerts of one saved search. */
const UnsubscribeScopeSchema = v.variant("kind", [
  v.object({ kind: v.literal("list"), list: v.picklist(SUBSCRIPTION_LISTS) }),
  v.object({
    kind: v.literal("saved_search"),
    id: v.number(),
    /** Its name in the request's language; null when it has been deleted since. */
    label: v.nullable(v.string()),
    /** Whether its alerts are still e-mailed. */
    notify: v.boolean(),
  }),
]);
export type UnsubscribeScope = v.InferOutput<typeof UnsubscribeScopeSchema>;

const UnsubscribeStatus = v.object({
  /** Masked: `j***@gmail.com`. */
  email: v.string(),
  /** What the link's own button stops. */
  scope: UnsubscribeScopeSchema,
  /** Every list, in SUBSCRIPTION_LISTS order. */
  lists: v.array(SubscriptionStateSchema),
});

export const UnsubscribeStatusResponse = v.object({ data: UnsubscribeStatus });
export type UnsubscribeStatusResponse = v.InferOutput<typeof UnsubscribeStatusResponse>;

/** After leaving: what was stopped (`all`: every e-mail but account security codes), and the state now. */
export const UnsubscribeResponse = v.object({
  data: v.object({
    ...UnsubscribeStatus.entries,
    stopped: v.variant("kind", [...UnsubscribeScopeSchema.options, v.object({ kind: v.literal("all") })]),
  }),
});
export type UnsubscribeResponse = v.InferOutput<typeof UnsubscribeResponse>;
