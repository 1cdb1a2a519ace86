import type { ShouldRevalidateFunctionArgs } from "react-router";
import { paths } from "#shared/paths.ts";
import { loadSearch } from "#client/components/listing-results/load-search.ts";
import { searchMeta } from "#client/components/listing-results/search-meta.server.ts";
import { SearchPage } from "#client/components/listing-results/search-page.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/search";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { pageScopes } from "#client/i18n/message-scopes.ts";

/**
 * `/search/`: every listing, any filters. A search of one deal and one type belongs to its list
 * page (`/buy/house/nis/?…`) and is redirected there.
 */
/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["search"], "search");

export const loader = withMessages(MESSAGES, async function loader({ url, context }: Route.LoaderArgs) {
  const request = context.get(requestContext);
  const data = await loadSearch({ api: request.api, url });
  return { ...data, meta: searchMeta(request, url, data, "search") };
});

/** Filters and page changes reload the results; a favourite toggled on a card does not. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Search({ loaderData }: Route.ComponentProps) {
  const lp = useLocalePath();
  const here = lp(paths.search());
  return (
    <>
      <PageIntro pageKey="search" />
      <SearchPage data={loaderData} action={here} resetHref={here} />
    </>
  );
}
