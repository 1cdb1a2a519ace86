import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/moderation-advice";

/** A static page whose text, in three languages, lives in client/content/pages/. */
export const loader = contentLoader("moderationAdvice");
export const meta: Route.MetaFunction = (args) => pageMeta(args, "moderationAdvice");

export default function ModerationAdvice({ loaderData }: Route.ComponentProps) {
  return <StaticPage pageKey="moderationAdvice" content={loaderData.content} />;
}
