import { STATIC_PAGES } from "#shared/paths.ts";

/**
 * Which texts travel with which data (shared/text-catalog.ts `scopedTexts`). The root data carries
 * what any page can show — header, footer, notices, error screens, listing cards, pagination — and
 * each page's loader adds its own scopes; the browser merges them (root.tsx). A scope is a key prefix.
 */
export const ROOT_TEXT_SCOPES = [
  "site",
  "nav",
  "footer",
  "common",
  "notice",
  "error",
  // The header's sign-in link and account menu; the dialog's texts are AUTH_DIALOG_TEXT_SCOPES.
  "auth.header",
  // The header's unread messages (a signed-in visitor's badge).
  "messages.unread",
  // The header's menu and its messages entry.
  "header",
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

/**
 * The sign-in dialog's texts (its forms and the phone field): the root data carries them only when
 * the URL opens the dialog (`?auth=…`), and root.tsx reloads them when a visitor opens it; the
 * `/auth/` page and the personal page load them as their own.
 */
export const AUTH_DIALOG_TEXT_SCOPES = ["auth", "phone", "validation"] as const;

/** A page's own texts: `page.{key}` (title, description, heading, lead) and its feature scopes. */
export const pageTextScopes = (pageKeys: readonly string[], ...features: string[]) => [
  ...pageKeys.map((key) => `page.${key}`),
  ...features,
];
