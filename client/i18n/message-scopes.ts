import { STATIC_PAGES } from "#shared/paths.ts";

/**
 * Which messages travel with which data (worker/messages.ts `scopedMessages`). The root data carries
 * what any page can show — header, footer, alerts, error screens, the sign-in dialog, listing cards,
 * pagination — and each page's loader adds its own scopes; the browser merges them (root.tsx).
 * A scope is a key prefix.
 */
export const ROOT_MESSAGE_SCOPES = [
  "site",
  "nav",
  "footer",
  "common",
  "alert",
  "error",
  "auth",
  "phone",
  "format",
  "card",
  "favourites",
  "listing",
  "form",
  "detail.breadcrumbs",
  "search.next",
  "search.prev",
  "search.page",
  "search.pagination",
  // The footer links to the static pages by their titles.
  ...Object.keys(STATIC_PAGES).map((page) => `page.${page}.title`),
] as const;

/** A page's own texts: `page.{key}` (title, description, heading, lead) and its feature scopes. */
export const pageScopes = (pageKeys: readonly string[], ...features: string[]) => [
  ...pageKeys.map((key) => `page.${key}`),
  ...features,
];
