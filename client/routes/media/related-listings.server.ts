import type { Deal } from "#shared/listing-types.ts";

/** How many listings an article shows under it. */
export const RELATED_LISTING_COUNT = 4;

export interface RelatedSearch {
  deal: Deal;
  /** The place the article is about, when one of its tags is a city of the gazetteer. */
  city: { slug: string; name: string } | null;
}

/**
 * The listings an article is about, read from its tags: the deepest tag that names a city
 * of the gazetteer (the "Prices › Belgrade" kind), and rentals under a rents topic, else sales.
 */
export function relatedSearch(
  tagPath: readonly string[],
  cities: readonly { slug: string; name: string }[],
): RelatedSearch {
  const bySlug = new Map(cities.map((city) => [city.slug, city]));
  const slug = [...tagPath].reverse().find((segment) => bySlug.has(segment));
  const city = slug ? bySlug.get(slug)! : null;
  return {
    deal: tagPath.some((segment) => /^rent/.test(segment)) ? "rent" : "sale",
    city: city ? { slug: city.slug, name: city.name } : null,
  };
}
