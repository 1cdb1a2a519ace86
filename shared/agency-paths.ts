/**
 * An agency's page's path (decision 103), locale-free: a module of its own, kept out of every page's first
 * load (paths.ts, decision 070) — the search and list pages have no room for it. The directory,
 * `/agencies/`, is `STATIC_PAGES.agencies`, as the footer links it.
 */
import { seg } from "./paths.ts";

/** An agency's page, by its slug (decision 098). */
export const agencyPath = (slug: string) => `/agency/${seg(slug)}/`;
