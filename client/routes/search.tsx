import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Deal } from "#shared/listing-types.ts";
import { paths } from "#shared/paths.ts";
import { loadSearch } from "#client/components/listing-results/load-search.server.ts";
import { searchMeta } from "#client/components/listing-results/search-meta.server.ts";
import { SearchPage } from "#client/components/listing-results/search-page.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/search";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import {
  saveSearchAction,
  saveSearchData,
  savedSearchBeside,
  type SavedSearchLookup,
} from "#client/components/saved-searches/saved-searches.server.ts";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["search", "list", "listCity"], "search", "promoted", "saveSearch", "map");

interface Intro {
  key: "search" | "list" | "listCity";
  values: Record<string, string>;
}

/**
 * The page's heading and title name what is searched when the URL says it, as the list pages do:
 * "Property for sale — Belgrade" rather than one "Property search" for every search URL.
 */
function searchIntro(state: { deal?: Deal }, city: { name: string } | null, t: (id: string) => string): Intro {
  if (!state.deal && !city) return { key: "search", values: {} };
  const what = t(`search.kind.${state.deal ?? "any"}`);
  return city ? { key: "listCity", values: { what, city: city.name } } : { key: "list", values: { what } };
}

/**
 * `/search/`: every listing, any filters. A search of one deal and one type belongs to its list
 * page (`/buy/house/nis/?…`) and is redirected there.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const { url, context } = args;
  const app = context.get(appContext);
  let early: SavedSearchLookup | null = null;
  const data = await loadSearch({ api: app.api, url, beside: (state) => (early = savedSearchBeside(args, state)) });
  const intro = searchIntro(data.state, data.city, (id) => app.texts.intl.formatMessage({ id }));
  const save = await saveSearchData(args, data, early);
  return { ...data, save, intro, meta: searchMeta(app, url, data, intro.key, intro.values) };
});

/** "Save search" (decision 041): saves the page's filters, or removes them. */
export async function action(args: Route.ActionArgs) {
  return saveSearchAction(args, await args.request.formData());
}

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
      <PageIntro pageKey={loaderData.intro.key} values={loaderData.intro.values} compact />
      <SearchPage data={loaderData} action={here} resetHref={here} />
    </>
  );
}
