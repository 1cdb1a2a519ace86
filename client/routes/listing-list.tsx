import { dealFromSegment, isTypeOfDeal } from "#shared/listing-types.ts";
import { splitLocale } from "#shared/locales.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { notFound, unavailable } from "#client/http-errors.ts";
import { metaMessage, pageMeta } from "#client/seo.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/listing-list";

/**
 * `/buy/{type}/{city?}/` and `/rent/{type}/{city?}/`. Route data of SPEC §3: `rental`, and
 * `clearCity` / `clearType` telling the filters which parts the URL leaves open.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const deal = dealFromSegment(splitLocale(url.pathname).rest.split("/")[1]);
  if (!deal || !isTypeOfDeal(deal, params.type)) throw notFound(url);
  let city = null;
  if (params.citySlug) {
    const result = await context.get(requestContext).api.city(params.citySlug);
    if (!result.ok) throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
    city = result.data.data;
  }
  return { deal, type: params.type, city, rental: deal === "rent", clearCity: city === null, clearType: false };
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data) return [];
  const what = metaMessage(args, `listing.kind.${data.deal}.${data.type}`);
  return data.city ? pageMeta(args, "listCity", { what, city: data.city.name }) : pageMeta(args, "list", { what });
};

export default function ListingList({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const what = t(`listing.kind.${loaderData.deal}.${loaderData.type}`);
  return loaderData.city ? (
    <PageIntro pageKey="listCity" values={{ what, city: loaderData.city.name }} />
  ) : (
    <PageIntro pageKey="list" values={{ what }} />
  );
}
