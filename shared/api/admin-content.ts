/**
 * The back office's content reference data (decision 060), editors and admins only:
 * - `GET|POST /api/admin/tags`, `PUT|DELETE /api/admin/tags/{id}`: the media tag tree (four levels);
 * - `GET|POST /api/admin/faq`, `PUT|DELETE /api/admin/faq/{id}`, `POST /api/admin/faq/{id}/move {direction}`;
 * - `GET|POST /api/admin/advantages`, `PUT|DELETE /api/admin/advantages/{id}`, `POST …/{id}/move`;
 * - `GET /api/admin/tooltips`, `PUT /api/admin/tooltips/{key}`.
 * Every text in en, ru and sr; each write one D1 batch with its audit row.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { TooltipKey } from "./tooltip-key.ts";

/** The FAQ page's topics, in the order it shows them. */
export const FAQ_CATEGORIES = ["search", "listings", "account", "payments", "safety"] as const;
type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** The home page's advantage icons (client/components/home/home-sections.tsx draws each). */
export const ADVANTAGE_ICONS = ["shield", "clock", "photo", "price", "map"] as const;
export type AdvantageIcon = (typeof ADVANTAGE_ICONS)[number];

/** The tree's depth (product §2 media routes: `/media/{l1}/{l2}/{l3}/{l4}/`). */
export const TAG_MAX_DEPTH = 4;
export const TAG_NAME_MAX = 80;
export const TAG_SLUG_MAX = 60;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 3000;
export const ADVANTAGE_TITLE_MAX = 100;
export const ADVANTAGE_TEXT_MAX = 500;
export const TOOLTIP_TEXT_MAX = 500;

export const LANGS = ["en", "ru", "sr"] as const;

const line = (max: number) =>
  v.pipe(
    v.string(INVALID.required),
    plainLine(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(max, INVALID.tooLong),
  );
const text = (max: number) =>
  v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(max, INVALID.tooLong),
  );

/** A slug as the media URLs take it: lowercase ASCII letters and digits, single hyphens between. */
const TagSlug = v.pipe(
  v.string(INVALID.required),
  v.trim(),
  v.minLength(1, INVALID.required),
  v.maxLength(TAG_SLUG_MAX, INVALID.tooLong),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, INVALID.format),
);

const names = {
  name_en: line(TAG_NAME_MAX),
  name_ru: line(TAG_NAME_MAX),
  name_sr: line(TAG_NAME_MAX),
};

/** `POST /api/admin/tags`: a tag under `parent_id` (null: a top-level tag), last among its siblings. */
export const NewTagBody = v.object({
  parent_id: v.nullable(v.pipe(v.number(INVALID.number), v.integer(INVALID.wholeNumber), v.minValue(1, INVALID.range))),
  slug: TagSlug,
  ...names,
});
export type NewTagInput = v.InferInput<typeof NewTagBody>;

/** `PUT /api/admin/tags/{id}`: the names, and the slug (changed only while no article URL depends on it). */
export const TagBody = v.object({ slug: TagSlug, ...names });
export type TagInput = v.InferInput<typeof TagBody>;

/** `POST /api/admin/faq`, `PUT /api/admin/faq/{id}`. */
export const FaqBody = v.object({
  category: v.picklist(FAQ_CATEGORIES, INVALID.choice),
  question_en: line(FAQ_QUESTION_MAX),
  question_ru: line(FAQ_QUESTION_MAX),
  question_sr: line(FAQ_QUESTION_MAX),
  answer_en: text(FAQ_ANSWER_MAX),
  answer_ru: text(FAQ_ANSWER_MAX),
  answer_sr: text(FAQ_ANSWER_MAX),
});
export type FaqInput = v.InferInput<typeof FaqBody>;

/** `POST /api/admin/advantages`, `PUT /api/admin/advantages/{id}`. */
export const AdvantageBody = v.object({
  icon: v.picklist(ADVANTAGE_ICONS, INVALID.choice),
  title_en: line(ADVANTAGE_TITLE_MAX),
  title_ru: line(ADVANTAGE_TITLE_MAX),
  title_sr: line(ADVANTAGE_TITLE_MAX),
  text_en: text(ADVANTAGE_TEXT_MAX),
  text_ru: text(ADVANTAGE_TEXT_MAX),
  text_sr: text(ADVANTAGE_TEXT_MAX),
});
export type AdvantageInput = v.InferInput<typeof AdvantageBody>;

/** `POST /api/admin/faq/{id}/move`, `POST /api/admin/advantages/{id}/move`: one place up or down. */
export const MoveBody = v.object({ direction: v.picklist(["up", "down"], INVALID.choice) });
export type MoveInput = v.InferInput<typeof MoveBody>;

/** `PUT /api/admin/tooltips/{key}`. */
export const TooltipBody = v.object({
  text_en: text(TOOLTIP_TEXT_MAX),
  text_ru: text(TOOLTIP_TEXT_MAX),
  text_sr: text(TOOLTIP_TEXT_MAX),
});
export type TooltipInput = v.InferInput<typeof TooltipBody>;
export const AdminTooltipParam = v.object({ key: TooltipKey });

export interface ApiAdminTag {
  id: number;
  parent_id: number | null;
  depth: number;
  slug: string;
  name_en: string;
  name_ru: string;
  name_sr: string;
  position: number;
  /** Slugs from the root: the tag's page is `/media/{path}/`. */
  path: string[];
  /** Tags directly below. */
  children: number;
  /** Articles filed under the tag or anything below it (any state): their URLs hold its slug. */
  articles: number;
}

export interface ApiAdminFaq {
  id: number;
  position: number;
  category: FaqCategory;
  question_en: string;
  question_ru: string;
  question_sr: string;
  answer_en: string;
  answer_ru: string;
  answer_sr: string;
}

export interface ApiAdminAdvantage {
  id: number;
  position: number;
  icon: AdvantageIcon;
  title_en: string;
  title_ru: string;
  title_sr: string;
  text_en: string;
  text_ru: string;
  text_sr: string;
}

export interface ApiAdminTooltip {
  key: string;
  text_en: string;
  text_ru: string;
  text_sr: string;
}
