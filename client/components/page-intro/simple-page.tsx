import type { MetaFunction } from "react-router";
import { pageMeta } from "#client/seo.ts";
import { PageIntro } from "./page-intro.tsx";

/**
 * Route module parts of a page that has, so far, its title, heading and lead: one line per route
 * module instead of a copy of the same component in each. Private pages are not indexed.
 */
export function simplePage(pageKey: string, { indexable = true }: { indexable?: boolean } = {}) {
  const meta: MetaFunction = (args) => pageMeta(args, pageKey, {}, { indexable });
  function Page() {
    return <PageIntro pageKey={pageKey} />;
  }
  Page.displayName = `Page(${pageKey})`;
  return { meta, Page };
}
