import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/privacy-policy";

/** A static page whose text, in three languages, lives in client/content/pages/. */
export const loader = contentLoader("privacyPolicy");
export const meta: Route.MetaFunction = (args) => pageMeta(args, "privacyPolicy");

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <StaticPage pageKey="privacyPolicy" content={loaderData.content} />;
}
