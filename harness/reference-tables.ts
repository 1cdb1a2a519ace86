/**
 * Every reference table a live site needs (decision 055), as rows to upsert: the gazetteer,
 * the media tag tree, FAQ, advantages, tooltips and the product prices (the last five the back office edits:
 * decisions 060, 061). `npm run ops -- init` upserts them into any D1; the
 * demo seed (`npm run seed`) inserts the same rows, so there is one source of each.
 */
import { gazetteerTables } from "#worker/db/reference/gazetteer-tables.ts";
import { priceTable } from "#worker/db/reference/prices.ts";
import type { ReferenceTable } from "#worker/db/reference/upsert.ts";
import { ADVANTAGES, FAQ, TOOLTIPS } from "#worker/db/reference/static-texts.ts";
import { mediaTagRows } from "#worker/db/reference/media-tags.ts";

export function referenceTables(): ReferenceTable[] {
  return [
    ...gazetteerTables(),
    {
      table: "tags",
      key: ["id"],
      columns: ["id", "parent_id", "depth", "slug", "name_en", "name_ru", "name_sr", "position"],
      // Parents before children (the foreign key), as the list has them.
      rows: mediaTagRows().map((row) => ({ ...row })),
      edited: "table",
    },
    {
      table: "faq",
      key: ["id"],
      columns: [
        "id",
        "position",
        "category",
        "question_en",
        "question_ru",
        "question_sr",
        "answer_en",
        "answer_ru",
        "answer_sr",
      ],
      rows: FAQ.map((f, i) => ({
        id: i + 1,
        position: i,
        category: f.category,
        question_en: f.question.en,
        question_ru: f.question.ru,
        question_sr: f.question.sr,
        answer_en: f.answer.en,
        answer_ru: f.answer.ru,
        answer_sr: f.answer.sr,
      })),
      edited: "table",
    },
    {
      table: "advantages",
      key: ["id"],
      columns: ["id", "position", "icon", "title_en", "title_ru", "title_sr", "text_en", "text_ru", "text_sr"],
      rows: ADVANTAGES.map((a, i) => ({
        id: i + 1,
        position: i,
        icon: a.icon,
        title_en: a.title.en,
        title_ru: a.title.ru,
        title_sr: a.title.sr,
        text_en: a.text.en,
        text_ru: a.text.ru,
        text_sr: a.text.sr,
      })),
      edited: "table",
    },
    {
      table: "tooltips",
      key: ["key"],
      columns: ["key", "text_en", "text_ru", "text_sr"],
      rows: TOOLTIPS.map((t) => ({ key: t.key, text_en: t.text.en, text_ru: t.text.ru, text_sr: t.text.sr })),
      edited: "rows",
    },
    priceTable(),
  ];
}
