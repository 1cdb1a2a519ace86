import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/user-agreement";

/** A static page whose text, in three languages, lives in client/content/pages/. */
export const loader = contentLoader("userAgreement");
export const meta: Route.MetaFunction = (args) => pageMeta(args, "userAgreement");

export default function UserAgreement({ loaderData }: Route.ComponentProps) {
  return <StaticPage pageKey="userAgreement" content={loaderData.content} />;
}
