import { Suspense } from "react";
import { SearchFilters } from "#client/components/search-filters/search-filters.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import type { SearchPageData } from "./search-types.ts";
import { ListingResults } from "./listing-results.tsx";
import styles from "./search-page.module.css";

// "List / Map / Both" and the map's pane (decision 044): server-rendered, their code out of the first load.
const MapControls = lazyComponent(() => import("#client/components/map/map-controls.tsx"));

/**
 * The body of the search page and of every list page: filters beside the results on wide screens;
 * on narrow ones folded into a native `<details>` above them, so the results come first (no
 * JavaScript needed to open it). The list/map switch heads the results; `view=map` puts the map above
 * the list, `view=both` beside it on wide screens (above it on narrow ones, as `map`).
 */
export function SearchPage({ data, action, resetHref }: { data: SearchPageData; action: string; resetHref: string }) {
  const { t } = useI18n();
  const { state, activeFilters: active } = data;
  return (
    <div className={styles.layout}>
      <details className={styles.filters}>
        <summary>
          {active ? t("search.withCount", { label: t("search.filters"), count: active }) : t("search.filters")}
        </summary>
        <SearchFilters
          state={state}
          limits={data.limits}
          cities={data.cities}
          districts={data.districts}
          facets={data.facets}
          action={action}
          resetHref={resetHref}
        />
      </details>
      <div className={styles.main} data-view={state.view ?? "list"}>
        <Suspense fallback={null}>
          <MapControls data={data} />
        </Suspense>
        <ListingResults data={data} />
      </div>
    </div>
  );
}
