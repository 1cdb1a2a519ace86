import { contentLoader } from "#client/components/static-page/static-page.server.ts";
import { StaticPage } from "#client/components/static-page/static-page.tsx";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/safety";

/** `/safety/`: how to rent and buy safely in Serbia; message and listing warnings link here (decision 083). */
export const loader = contentLoader("safety");
export const meta: Route.MetaFunction = (args) => pageMeta(args, "safety");

export default function Safety({ loaderData }: Route.ComponentProps) {
  return <StaticPage pageKey="safety" content={loaderData.content} />;
}
