/** A trail of pages (Breadcrumbs) and its structured data, apart from the component: routes' `meta` reads it. */
/** One step of the trail: its name and the page's path with the locale segment (`lp(...)`). */
export interface Crumb {
  name: string;
  path: string;
  /** Language of the name when it is not the page's (a listing's own title). */
  lang?: string;
}

/**
 * Schema.org `BreadcrumbList` of a trail, with absolute URLs; for a route's `meta` through
 * `jsonLdMeta` (`#client/components/json-ld/json-ld.tsx`).
 */
export function breadcrumbList(crumbs: readonly Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}
