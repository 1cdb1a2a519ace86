import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from "react";
import type * as PaginationModule from "#client/components/pagination/pagination.tsx";
import { useLocation, useNavigation } from "react-router";
import { SORTS, type Sort } from "#shared/api/limits.ts";
import { searchHref, withPage } from "#shared/search-query.ts";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { SEARCH_FORM_ID } from "#client/components/search-filters/search-filters.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { SearchPageData } from "./search-types.ts";
import styles from "./listing-results.module.css";
import { lazyComponent } from "#client/lazy-component.tsx";

// Plain links the server renders in place: their code stays out of the page's first load (decision 070).
const Pagination = lazyComponent<ComponentProps<typeof PaginationModule.Pagination>>(() =>
  import("#client/components/pagination/pagination.tsx").then((m) => ({ default: m.Pagination })),
);

// The list statistics beacon renders nothing and works after hydration: its code loads then.
const ListBeacon = lazy(() => import("./list-beacon.tsx"));
// Few searches find nothing: the empty state's code loads when one does (rendered on the server as usual).
const EmptyState = lazyComponent(() => import("./empty-state.tsx"));
// Paid "Top" placements above the results (decision 067): rendered on the server, its code loaded when shown.
const PromotedBlock = lazyComponent(() => import("./promoted-block.tsx"));
// "Save search" (decision 041): its data is the page loader's `save`; its code stays out of the first load.
const SaveSearch = lazyComponent(() => import("#client/components/saved-searches/save-search.tsx"));

const EAGER_CARDS = 2;

/**
 * The results of a search: the count (with the language's plurals) and the sort order, a notice
 * naming filters left out, the cards, an empty state that suggests wider searches, page links, and
 * the list statistics beacon. Client navigations announce the new count in a live region.
 */
export function ListingResults({ data }: { data: SearchPageData }) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const location = useLocation();
  const navigation = useNavigation();
  const { state, items, total, totalExact } = data;
  const countText = totalExact ? t("search.count", { count: total }) : t("search.countAtLeast", { count: total });

  // Announce the count after client navigations only (not on the first render).
  const [announcement, setAnnouncement] = useState("");
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) setAnnouncement(countText);
  }, [location.key, countText]);

  // A new page of results: its heading takes focus (and scrolls into view) instead of the page top.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    heading.current?.focus();
  }, [state.page]);

  const busy = navigation.state === "loading" && navigation.location?.pathname !== undefined;
  const { invalidFilters } = data;

  return (
    <section className={styles.results} aria-labelledby="results-count" aria-busy={busy || undefined}>
      <div className={styles.head}>
        <h2 id="results-count" ref={heading} tabIndex={-1} className={styles.count}>
          {countText}
        </h2>
        <SortSelect value={state.sort} />
      </div>
      <Suspense fallback={null}>
        <SaveSearch />
      </Suspense>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {invalidFilters.length ? (
        <p className={styles.notice} role="note">
          {t("search.invalid", {
            filters: intl.formatList(invalidFilters.map((f) => t(`search.filter.${f}`))),
          })}
        </p>
      ) : null}

      <div className={busy ? `${styles.body} ${styles.busy}` : styles.body}>
        <Suspense fallback={null}>
          <PromotedBlock data={data} />
        </Suspense>
        {total ? (
          <ul className={styles.cards}>
            {items.map((listing, index) => (
              <li key={listing.id} data-listing-id={listing.id}>
                <ListingCard
                  listing={listing}
                  now={data.now}
                  eager={index + data.promoted.length < EAGER_CARDS}
                  headingLevel={3}
                />
              </li>
            ))}
          </ul>
        ) : (
          <Suspense fallback={null}>
            <EmptyState suggestions={data.suggestions} />
          </Suspense>
        )}
      </div>

      <Suspense fallback={null}>
        <Pagination
          page={state.page}
          lastPage={data.lastPage}
          hasNext={data.hasNext}
          hrefFor={(page) => lp(searchHref(withPage(state, page)))}
          preventScrollReset
        />
      </Suspense>
      <Suspense fallback={null}>
        <ListBeacon lists={[data.promoted, items]} />
      </Suspense>
    </section>
  );
}

/** Part of the filter form (`form=`): with JavaScript a change applies at once, without it "Apply" does. */
function SortSelect({ value }: { value: Sort }) {
  const { t } = useI18n();
  const [sort, setSort] = useState(value);
  // A new search (Back, a link) brings its own order: the select follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setSort(value);
  }
  return (
    <div className={styles.sort}>
      <label htmlFor="search-sort">{t("search.sort")}</label>
      <select
        id="search-sort"
        name="sort"
        form={SEARCH_FORM_ID}
        value={sort}
        onChange={(event) => {
          setSort(event.currentTarget.value as Sort);
          const form = document.getElementById(SEARCH_FORM_ID);
          if (form instanceof HTMLFormElement) form.requestSubmit();
        }}
      >
        {SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`form.sort.${option}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={SEARCH_FORM_ID} className={styles.apply}>
          {t("search.apply")}
        </button>
      </noscript>
    </div>
  );
}
