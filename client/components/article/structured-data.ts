import type { ApiArticle, ApiFaq } from "#shared/api/content.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";

/**
 * schema.org objects for `<script type="application/ld+json">` (React Router meta
 * `{ "script:ld+json": … }`). URLs are absolute; texts are the page's language.
 */

export function articleJsonLd(
  article: ApiArticle,
  { url, origin, locale, site }: { url: string; origin: string; locale: string; site: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.lead,
    datePublished: article.published_at,
    author: { "@type": "Person", name: article.author },
    image: {
      "@type": "ImageObject",
      url: new URL(article.image, origin).href,
      width: ARTICLE_IMAGE_WIDTH,
      height: ARTICLE_IMAGE_HEIGHT,
    },
    inLanguage: locale,
    mainEntityOfPage: url,
    wordCount: article.body.reduce((sum, p) => sum + p.split(/\s+/u).filter(Boolean).length, 0),
    publisher: { "@type": "Organization", name: site, url: `${origin}/` },
  };
}

export function faqJsonLd(items: readonly ApiFaq[], locale: string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
