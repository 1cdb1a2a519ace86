import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { notFound, parseId } from "#client/http-errors.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/realty";

/** `/realty/{id}/`: the short address of a listing. */
export function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  return { id };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "realty", { id: args.loaderData?.id ?? "" });

export default function Realty({ loaderData }: Route.ComponentProps) {
  return <PageIntro pageKey="realty" values={{ id: loaderData.id }} />;
}
