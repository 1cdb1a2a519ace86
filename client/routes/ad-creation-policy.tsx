import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/ad-creation-policy";

/** A static page whose text, in three languages, lives in client/content/pages/. */
export const loader = contentLoader("adCreationPolicy");
export const meta: Route.MetaFunction = (args) => pageMeta(args, "adCreationPolicy");

export default function AdCreationPolicy({ loaderData }: Route.ComponentProps) {
  return <StaticPage pageKey="adCreationPolicy" content={loaderData.content} />;
}
