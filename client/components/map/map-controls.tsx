import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
// Types only, and no stylesheet of its own (search-page.module.css styles it): the chunk the search pages
// load at hydration stays one file.
import type { MAP_VIEW_PARAM, MAP_VIEWS, MapView } from "#shared/map.ts";
import { SEARCH_FORM_ID } from "#client/components/search-filters/search-filters.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import type { SearchPageData } from "#client/components/listing-results/search-types.ts";

const VIEW_PARAM = "view" satisfies typeof MAP_VIEW_PARAM;
const VIEWS = ["list", "map", "both"] as const satisfies typeof MAP_VIEWS;

// The map itself: Leaflet and the map's code load after hydration, never with the page (decision 044).
const ResultsMap = lazy(() => import("./results-map.tsx"));
// Only inside <noscript>: the browser never renders it, so its code never loads there (server-rendered).
const BoundsForm = lazyComponent(() => import("./bounds-form.tsx"));

/**
 * "List / Map / Both" (decision 044): links that keep every other parameter of the page's URL, so the
 * choice works without JavaScript and stays in the URL (`view=`, absent: the list). A hidden field
 * keeps it through the filter form's submissions.
 */
function ViewSwitch({ view }: { view: MapView }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const hrefOf = (choice: MapView) => {
    const params = new URLSearchParams(search);
    if (choice === "list") params.delete(VIEW_PARAM);
    else params.set(VIEW_PARAM, choice);
    const qs = params.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  return (
    <nav aria-label={t("map.view.label")}>
      {VIEWS.map((choice) => (
        <Link
          key={choice}
          to={hrefOf(choice)}
          aria-current={choice === view ? "page" : undefined}
          preventScrollReset
          data-view={choice}
        >
          {t(`map.view.${choice}`)}
        </Link>
      ))}
      {view !== "list" ? <input type="hidden" name={VIEW_PARAM} value={view} form={SEARCH_FORM_ID} /> : null}
    </nav>
  );
}

/**
 * The search page's map controls, loaded lazily (rendered on the server as usual, the code out of the
 * page's first load): the switch, and for `view=map|both` the map's pane.
 */
export default function MapControls({ data }: { data: SearchPageData }) {
  const view = data.state.view ?? "list";
  return (
    <>
      <ViewSwitch view={view} />
      {view !== "list" ? <MapPane data={data} /> : null}
    </>
  );
}

/**
 * The map's place on the page: the server sends only this box (and, for pages without JavaScript, the
 * bounds form); after hydration the lazily loaded map fills it.
 */
function MapPane({ data }: { data: SearchPageData }) {
  const mounted = useHydrated();
  return (
    <div id="map-pane">
      {mounted ? (
        <Suspense fallback={null}>
          <ResultsMap state={data.state} filters={data.mapFilters} centre={data.mapCentre} />
        </Suspense>
      ) : null}
      <noscript>
        <BoundsForm state={data.state} centre={data.mapCentre} />
      </noscript>
    </div>
  );
}
