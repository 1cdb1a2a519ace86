import stylesheets from "virtual:lazy-stylesheets";

/**
 * The stylesheets of the header's signed-in parts that live in lazy chunks of their own (the unread badge),
 * for the root data of a signed-in visitor: the server names them in the head, so that those parts paint
 * styled before any script runs (as LazyStylesheets does; the list itself is for the server only, and
 * importing it into the header would add it to every page's JavaScript).
 */
export function accountStylesheets(): readonly string[] {
  return stylesheets["client/components/layout/unread-badge.tsx"] ?? [];
}
