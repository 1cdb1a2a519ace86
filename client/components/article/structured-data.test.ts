import { expect, it } from "vitest";
import type { ApiArticle } from "#shared/api/content.ts";
import { articleJsonLd, faqJsonLd } from "./structured-data.ts";

const ARTICLE: ApiArticle = {
  id: 7,
  slug: "taxes",
  tag_path: ["buying", "taxes"],
  title: "Property taxes",
  lead: "What you pay.",
  author: "Ana Ilić",
  published_at: "2026-05-26T16:00:00.000Z",
  reading_minutes: 2,
  image: "/images/articles/7.svg",
  image_srcset: null,
  body: ["One two three.", "Four five."],
  body_html: "<p>One two three.</p>\n<p>Four five.</p>\n",
  languages: ["en", "ru", "sr"],
  breadcrumbs: [],
  related: [],
};

it("describes an article with absolute URLs and its language", () => {
  const url = "https://k.test/ru/media/buying/taxes/taxes/";
  expect(articleJsonLd(ARTICLE, { url, origin: "https://k.test", locale: "ru", site: "Kvadrat" })).toMatchObject({
    "@type": "Article",
    headline: "Property taxes",
    datePublished: "2026-05-26T16:00:00.000Z",
    author: { "@type": "Person", name: "Ana Ilić" },
    image: { url: "https://k.test/images/articles/7.svg", width: 1200, height: 630 },
    inLanguage: "ru",
    mainEntityOfPage: url,
    wordCount: 5,
  });
});

it("lists every question of the FAQ with its answer", () => {
  const data = faqJsonLd([{ id: 1, category: "search", question: "Q?", answer: "A." }], "sr");
  expect(data).toEqual({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: "sr",
    mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }],
  });
});
