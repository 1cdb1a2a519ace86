import { Link, redirect } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { listingType } from "#shared/listing-types.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { HOME_SEARCH_FIELDS as F, HomeSearch } from "#client/components/home/home-search.tsx";
import { SEARCH_FORM_LIMITS } from "#client/components/search-filters/search-form-limits.server.ts";
import {
  Advantages,
  FaqTeaser,
  ListingShelf,
  MediaTeasers,
  PopularCities,
} from "#client/components/home/home-sections.tsx";
import { cardListing } from "#client/components/listing-card/card-listing.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { appContext } from "#client/app-context.server.ts";
import { assertRouteLocale } from "#client/http-errors.server.ts";
import type { Route } from "./+types/home";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { secondaryData } from "#client/secondary-data.server.ts";
import { HOME_PROMOTED_COUNT } from "#shared/constants.ts";

const POPULAR_CITY_COUNT = 12;
const NEWEST_COUNT = 8;
const ARTICLE_COUNT = 3;
const FAQ_COUNT = 4;

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["home"], "home");

/** The cards of a shelf, or null when its search failed. */
const cards = (listings: ApiListing[] | null) => listings?.map(cardListing) ?? null;

/**
 * Nothing on the home page waits for the API: the shell (header, search form) leaves at once and
 * every section streams in as its data arrives. A section whose call fails, or is late
 * (SECONDARY_DATA_TIMEOUT_MS), says so and the page stays.
 */
export const loader = withTexts(MESSAGES, async function loader({ context, url, params }: Route.LoaderArgs) {
  // `/no-such-page/` matches the locale segment with this page below it: the locale scope answers the
  // 404, and this loader, run beside it, must not ask the API for every shelf first.
  assertRouteLocale(params.locale, url);
  const { api } = context.get(appContext);
  const target = await searchTarget(api, url);
  if (target) throw redirect(target);
  const items = <T,>(result: Promise<{ ok: true; data: { items: T[] } } | { ok: false }>, count?: number) =>
    result.then((r) => (r.ok ? r.data.items.slice(0, count) : null));
  // The running "Home" placements, in turn (worker/db/promoted-ranking.ts); fewer when fewer run.
  const promoted = items(api.searchListings({ home: true, per_page: HOME_PROMOTED_COUNT, facets: false })).then(cards);
  return {
    now: Date.now(),
    whereLimits: SEARCH_FORM_LIMITS.where,
    cities: secondaryData(
      items(api.cities(), POPULAR_CITY_COUNT).then((list) => list?.map(({ slug, name }) => ({ slug, name })) ?? null),
    ),
    promoted: secondaryData(promoted),
    // A listing both promoted and new shows once, in the promoted shelf (so its card's id is the page's only one).
    newest: secondaryData(
      Promise.all([
        promoted,
        // The newest, as they are: no paid placement first on a shelf that says "new".
        items(api.searchListings({ ranked: false, per_page: NEWEST_COUNT + HOME_PROMOTED_COUNT, facets: false })).then(
          cards,
        ),
      ]).then(([shown, newest]) => {
        const promotedIds = new Set((shown ?? []).map((card) => card.id));
        return newest?.filter((card) => !promotedIds.has(card.id)).slice(0, NEWEST_COUNT) ?? null;
      }),
    ),
    advantages: secondaryData(items(api.advantages())),
    articles: secondaryData(items(api.articles({ per_page: ARTICLE_COUNT }))),
    faq: secondaryData(items(api.faq(), FAQ_COUNT)),
  };
});

/**
 * The home search form's answer: the list URL of the chosen type in the named place (a city, or a
 * district with its city), prices kept. Null when the request is not a search.
 */
async function searchTarget(api: ApiClient, url: URL): Promise<string | null> {
  const type = listingType(Number(url.searchParams.get(F.type)));
  if (!type) return null;
  const where = (url.searchParams.get(F.where) ?? "").trim().slice(0, SEARCH_FORM_LIMITS.where.maxLength);
  const place = where ? await api.searchPlaces(where, 1) : null;
  const hit = place?.ok ? place.data.items[0] : undefined;
  const query = new URLSearchParams();
  for (const name of [F.priceMin, F.priceMax]) {
    const value = url.searchParams.get(name)?.trim();
    if (value && /^\d{1,12}$/.test(value)) query.set(name, value);
  }
  if (hit?.kind === "district") query.set("district", hit.slug);
  // A place we do not know is searched as text rather than dropped.
  if (where && !hit) query.set("q", where);
  const path = paths.list(type.deal, type.type, hit?.city.slug);
  const qs = query.toString();
  return localizePath(path, splitLocale(url.pathname).locale) + (qs ? `?${qs}` : "");
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "home");

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { now } = loaderData;
  return (
    <>
      <PageIntro pageKey="home">
        <HomeSearch cities={loaderData.cities} whereLimits={loaderData.whereLimits} />
      </PageIntro>
      <ListingShelf id="home-promoted" title={t("home.promoted")} data={loaderData.promoted} now={now} />
      <ListingShelf
        id="home-newest"
        title={t("home.newest")}
        data={loaderData.newest}
        now={now}
        more={<Link to={lp(paths.search())}>{t("home.allListings")}</Link>}
      />
      <Advantages data={loaderData.advantages} />
      <PopularCities data={loaderData.cities} />
      <MediaTeasers data={loaderData.articles} />
      <FaqTeaser data={loaderData.faq} />
    </>
  );
}
