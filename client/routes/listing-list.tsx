import type { ShouldRevalidateFunctionArgs } from "react-router";
import { dealFromSegment, isTypeOfDeal } from "#shared/listing-types.ts";
import { splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { loadSearch } from "#client/components/listing-results/load-search.server.ts";
import { searchMeta } from "#client/components/listing-results/search-meta.server.ts";
import { SearchPage } from "#client/components/listing-results/search-page.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { notFound } from "#client/http-errors.server.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/listing-list";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import {
  saveSearchAction,
  saveSearchData,
  savedSearchBeside,
  type SavedSearchLookup,
} from "#client/components/saved-searches/saved-searches.server.ts";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["list", "listCity"], "search", "promoted", "saveSearch", "map");

/**
 * `/buy/{type}/{city?}/` and `/rent/{type}/{city?}/`: the search with its deal, type and city in the
 * path. Route data of product §3: `rental`, and `clearCity` / `clearType` telling the filters which
 * parts the URL leaves open. The filter form submits here; a search of another list or none is
 * redirected to its own address.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const { params, url, context } = args;
  const deal = dealFromSegment(splitLocale(url.pathname).rest.split("/")[1]);
  if (!deal || !isTypeOfDeal(deal, params.type)) throw notFound(url);
  const app = context.get(appContext);
  let early: SavedSearchLookup | null = null;
  const data = await loadSearch({
    api: app.api,
    url,
    scope: { deal, type: params.type, city: params.citySlug },
    beside: (state) => (early = savedSearchBeside(args, state)),
  });
  const what = app.texts.intl.formatMessage({ id: `listing.kind.${deal}.${params.type}` });
  // The heading and title name the list, in words the loader chooses (as the search page's do).
  const intro: { key: "list" | "listCity"; values: Record<string, string> } = data.city
    ? { key: "listCity", values: { what, city: data.city.name } }
    : { key: "list", values: { what } };
  const meta = searchMeta(app, url, data, intro.key, intro.values);
  const save = await saveSearchData(args, data, early);
  return { ...data, save, deal, type: params.type, clearType: false, intro, meta };
});

/** "Save search" (decision 041): saves the page's filters, or removes them. */
export async function action(args: Route.ActionArgs) {
  return saveSearchAction(args, await args.request.formData());
}

/** Filters and page changes reload the list; a favourite toggled on a card does not. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function ListingList({ loaderData }: Route.ComponentProps) {
  const lp = useLocalePath();
  const { deal, type, city, intro } = loaderData;
  const here = lp(paths.list(deal, type, city?.slug));
  return (
    <>
      <PageIntro pageKey={intro.key} values={intro.values} compact />
      <SearchPage data={loaderData} action={here} resetHref={here} />
    </>
  );
}
