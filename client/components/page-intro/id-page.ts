import type { MetaFunction } from "react-router";
import { pageMeta } from "#client/seo.ts";

/**
 * The meta of a private page about one listing (`{id}` in its title, never indexed); its loader reads the
 * id with `pageId` (id-page.server.ts).
 */
export function idPageMeta(pageKey: string): MetaFunction<() => { id: number }> {
  return (args) => pageMeta(args, pageKey, { id: args.loaderData?.id ?? "" }, { indexable: false });
}
