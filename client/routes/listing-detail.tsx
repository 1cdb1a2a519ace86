import { dealFromSegment, isTypeOfDeal } from "#shared/listing-types.ts";
import { splitLocale } from "#shared/locales.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { notFound, parseId, unavailable } from "#client/http-errors.ts";
import { metaMessage, pageMeta } from "#client/seo.ts";
import { requestContext } from "#worker/request-context.ts";
import type { Route } from "./+types/listing-detail";

/** `/buy|rent/{type}/{city}/{id}/`: rent has no land or investment, the city must exist. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const deal = dealFromSegment(splitLocale(url.pathname).rest.split("/")[1]);
  const id = parseId(params.id);
  if (!deal || !id || !isTypeOfDeal(deal, params.type)) throw notFound(url);
  const result = await context.get(requestContext).api.city(params.citySlug);
  if (!result.ok) throw result.status === 404 || result.status === 400 ? notFound(url) : unavailable();
  return { deal, type: params.type, id, city: result.data.data };
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data) return [];
  const what = metaMessage(args, `listing.kind.${data.deal}.${data.type}`);
  return pageMeta(args, "listingDetail", { id: data.id, what, city: data.city.name });
};

export default function ListingDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const what = t(`listing.kind.${loaderData.deal}.${loaderData.type}`);
  return <PageIntro pageKey="listingDetail" values={{ id: loaderData.id, what, city: loaderData.city.name }} />;
}
