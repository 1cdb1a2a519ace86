import type { ShouldRevalidateFunctionArgs } from "react-router";
import { agencyPath } from "#shared/agency-paths.ts";
import { agencyMeta, agencyView, isAgencySlug } from "#client/components/agency-page/agency-page.server.ts";
import { AgencyProfile } from "#client/components/agency-page/agency-profile.tsx";
import { loadSearch } from "#client/components/listing-results/load-search.server.ts";
import { SearchPage } from "#client/components/listing-results/search-page.tsx";
import { appContext } from "#client/app-context.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/agency";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["agency"], "agency", "search", "promoted", "map");

/**
 * `/agency/{slug}/`: an agency's public page (decision 103) — its profile (`GET /api/agency/{slug}`) above
 * its listings, searched and paged as the search page's are, with the search's `agency` filter. The filter
 * form submits here; an unknown agency, or one not public, is a 404.
 */
export const loader = withTexts(MESSAGES, async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!isAgencySlug(params.slug)) throw notFound(url);
  const app = context.get(appContext);
  const found = await app.api.agencyPage(params.slug);
  if (!found.ok) throw found.status === 404 || found.status === 400 ? notFound(url) : unavailable();
  const agency = agencyView(found.data.data, app.locale);
  const data = await loadSearch({ api: app.api, url, agency: agency.slug });
  return { ...data, agency, meta: agencyMeta(app, url, data, agency) };
});

/** Filters and page changes reload the listings; a favourite toggled on a card does not. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Agency({ loaderData }: Route.ComponentProps) {
  const lp = useLocalePath();
  const here = lp(agencyPath(loaderData.agency.slug));
  return (
    <>
      <AgencyProfile agency={loaderData.agency} />
      <SearchPage data={loaderData} action={here} resetHref={here} />
    </>
  );
}
