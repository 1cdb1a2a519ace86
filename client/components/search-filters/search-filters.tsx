import { type FormEvent, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { AREA_PRESETS, PRICE_PRESETS } from "#shared/api/form-options.ts";
import { CONFIRMED_WITHIN_CHOICES as CONFIRMED_CHOICES } from "#shared/constants.ts";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import type { SearchFacets } from "#shared/api/realty.ts";
import type { Limits } from "#shared/validation.ts";
import { LISTING_TYPES, type Deal, type ListingKind, TYPES_BY_DEAL, listingTypeId } from "#shared/listing-types.ts";
import { parseSearch, type SearchState, searchHref } from "#shared/search-query.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./search-filters.module.css";
import { lazyComponent } from "#client/lazy-component.tsx";

// The place field's suggestions run only as one types: server-rendered, its code out of the first load.
const PlaceInput = lazyComponent(() => import("./place-input.tsx"));

/**
 * "Show listings" pressed where the filters are a folded panel (narrow screens): the panel closes and the
 * results come into view, their toolbar at the top. Without JavaScript the page loads anew,
 * the panel closed. Wide screens show the filters beside the results: nothing moves there.
 */
function showResults(form: HTMLFormElement) {
  const panel = form.closest("details");
  const summary = panel?.querySelector("summary");
  if (!panel?.open || !summary || !summary.getClientRects().length) return;
  panel.open = false;
  panel.scrollIntoView({ block: "start" });
}

/** The form's id: the sort select in the results header belongs to it through `form=`. */
export const SEARCH_FORM_ID = "search-filters";

interface Place {
  slug: string;
  name: string;
}

/** Limits of the search forms' fields (search-form-limits.server.ts). */
export type SearchFormLimits = Record<"q" | "floor" | "where", Limits>;

interface Props {
  state: SearchState;
  limits: SearchFormLimits;
  cities: Place[];
  districts: Place[];
  facets: SearchFacets | null;
  /** The page the form is on (a list page or /search/), localized: without JavaScript it submits there. */
  action: string;
  /** Where "Clear filters" leads, localized. */
  resetHref: string;
}

const ALL_TYPES = [...new Set(LISTING_TYPES.map((t) => t.type))] as ListingKind[];
const TYPING_DELAY_MS = 800;
const CHOICE_DELAY_MS = 150;

/**
 * The search filters: a GET form to the page it is on, which the loader turns into the search's
 * one address — it works before and without JavaScript. With JavaScript a change updates the
 * results in place (a client navigation, `.data` only): choices at once, typed numbers and words
 * after a pause; the submit button stays for those who prefer it.
 *
 * Inputs are uncontrolled. After a navigation the form did not make (a page link, Back, a
 * suggestion) it is remounted from the new search; after its own it is left alone, so the field
 * being typed in keeps its focus and text.
 */
export function SearchFilters(props: Props) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const own = useRef<string | null>(null);
  const seen = useRef(here);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (seen.current === here) return;
    seen.current = here;
    if (own.current !== here) setGeneration((g) => g + 1);
    own.current = null;
  }, [here]);
  return <FilterForm key={generation} {...props} onNavigate={(href) => (own.current = href)} />;
}

function FilterForm({
  state,
  limits,
  cities,
  districts,
  facets,
  action,
  resetHref,
  onNavigate,
}: Props & { onNavigate: (href: string) => void }) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [deal, setDeal] = useState<Deal | "">(state.deal ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const automatic = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const count = (label: string, n: number | undefined) =>
    n === undefined ? label : t("search.withCount", { label, count: intl.formatNumber(n) });
  const typeCount = (type: ListingKind) => {
    if (!deal || !facets) return undefined;
    const id = listingTypeId(deal, type);
    return facets.types.find((f) => f.type_id === id)?.count ?? 0;
  };
  const roomCount = (rooms: number) => (facets ? (facets.rooms.find((f) => f.rooms === rooms)?.count ?? 0) : undefined);
  const districtCount = (slug: string) =>
    facets ? (facets.districts.find((f) => f.slug === slug)?.count ?? 0) : undefined;
  const types = deal ? TYPES_BY_DEAL[deal] : ALL_TYPES;
  const prices = deal ? PRICE_PRESETS[deal] : [...PRICE_PRESETS.rent, ...PRICE_PRESETS.sale];
  const hasRooms = !state.types.length || state.types.some((type) => type !== "land");
  const moreOpen =
    state.area_min !== undefined ||
    state.area_max !== undefined ||
    state.floor_min !== undefined ||
    state.floor_max !== undefined ||
    state.furnished !== undefined ||
    state.confirmed_within !== undefined;

  /** Navigates to the search the form describes, at its one address (what the server would redirect to). */
  function go(form: HTMLFormElement, replace: boolean, adjust?: (params: URLSearchParams) => void) {
    // A search changed from outside the fields (a picked place) remounts the form with its values.
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    adjust?.(params);
    const where = (params.get("where") ?? "").trim();
    params.delete("where");
    // A page of its own (an agency's, decision 103) keeps the search there: its path, not a field, says so.
    let href = lp(searchHref({ ...parseSearch(params).state, path: state.path }));
    // A place typed but not picked: the loader looks it up.
    if (where) href += `${href.includes("?") ? "&" : "?"}${new URLSearchParams({ where })}`;
    if (!adjust) onNavigate(href);
    navigate(href, { preventScrollReset: true, replace });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    go(event.currentTarget, automatic.current);
    if (!automatic.current) showResults(event.currentTarget);
    automatic.current = false;
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (!field.name || field.name === "where") return;
    if (field.name === "deal") setDeal(field.value as Deal | "");
    if (field.name === "city") {
      const district = form.elements.namedItem("district");
      if (district instanceof HTMLSelectElement) district.value = "";
    }
    const typing =
      field instanceof HTMLInputElement &&
      (field.type === "number" || field.type === "search" || field.type === "text");
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        if (!form.checkValidity()) return;
        automatic.current = true;
        form.requestSubmit();
      },
      typing ? TYPING_DELAY_MS : CHOICE_DELAY_MS,
    );
  }

  const formRef = useRef<HTMLFormElement>(null);
  const pick = (hit: ApiPlaceHit) => {
    if (!formRef.current) return;
    clearTimeout(timer.current);
    go(formRef.current, false, (params) => {
      params.set("city", hit.city.slug);
      params.set("district", hit.kind === "district" ? hit.slug : "");
      params.delete("where");
    });
  };

  return (
    <Form
      ref={formRef}
      id={SEARCH_FORM_ID}
      method="get"
      action={action}
      className={styles.form}
      aria-labelledby="search-filters-heading"
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <h2 id="search-filters-heading" className={styles.heading}>
        {t("search.filters")}
      </h2>

      <fieldset className={styles.deal}>
        <legend>{t("search.deal")}</legend>
        {(["", "sale", "rent"] as const).map((value) => (
          <label key={value || "any"}>
            <input type="radio" name="deal" value={value} defaultChecked={(state.deal ?? "") === value} />
            <span>{value ? t(`form.deal.${value}`) : t("search.deal.any")}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor="search-type">{t("search.type")}</label>
        <select id="search-type" name="type" defaultValue={state.types[0] ?? ""}>
          <option value="">{t("search.type.any")}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {count(t(`form.type.${type}`), typeCount(type))}
            </option>
          ))}
        </select>
      </div>

      <Suspense fallback={null}>
        <PlaceInput onPick={pick} className={styles.field} />
      </Suspense>

      <div className={styles.field}>
        <label htmlFor="search-city">{t("search.city")}</label>
        <select id="search-city" name="city" defaultValue={state.city ?? ""}>
          <option value="">{t("search.city.any")}</option>
          {cities.map((city) => (
            <option key={city.slug} value={city.slug}>
              {city.name}
            </option>
          ))}
        </select>
      </div>

      {districts.length ? (
        <div className={styles.field}>
          <label htmlFor="search-district">{t("search.district")}</label>
          <select id="search-district" name="district" defaultValue={state.district ?? ""}>
            <option value="">{t("search.district.any")}</option>
            {districts.map((district) => (
              <option key={district.slug} value={district.slug}>
                {count(district.name, districtCount(district.slug))}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor="search-price-min">{t("search.priceMin")}</label>
          <NumberInput id="search-price-min" name="price_min" value={state.price_min} list="search-prices" step="any" />
        </div>
        <div className={styles.field}>
          <label htmlFor="search-price-max">{t("search.priceMax")}</label>
          <NumberInput id="search-price-max" name="price_max" value={state.price_max} list="search-prices" step="any" />
        </div>
        <datalist id="search-prices">
          {prices.map((price) => (
            <option key={price} value={price} />
          ))}
        </datalist>
      </div>

      {hasRooms ? (
        <fieldset className={styles.rooms}>
          <legend>{t("search.rooms")}</legend>
          {[0, 1, 2, 3, 4, 5].map((rooms) => (
            <label key={rooms}>
              <input type="checkbox" name="rooms" value={rooms} defaultChecked={state.rooms.includes(rooms)} />
              <span>{count(t("form.rooms", { rooms }), roomCount(rooms))}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <div className={styles.field}>
        <label htmlFor="search-q">{t("search.q")}</label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={state.q ?? ""}
          placeholder={t("search.q.placeholder")}
          maxLength={limits.q.maxLength}
          enterKeyHint="search"
        />
      </div>

      <details className={styles.more} open={moreOpen}>
        <summary>{t("search.more")}</summary>
        <div className={styles.pair}>
          <div className={styles.field}>
            <label htmlFor="search-area-min">{t("search.areaMin")}</label>
            <NumberInput id="search-area-min" name="area_min" value={state.area_min} list="search-areas" step="any" />
          </div>
          <div className={styles.field}>
            <label htmlFor="search-area-max">{t("search.areaMax")}</label>
            <NumberInput id="search-area-max" name="area_max" value={state.area_max} list="search-areas" step="any" />
          </div>
          <datalist id="search-areas">
            {AREA_PRESETS.map((area) => (
              <option key={area} value={area} />
            ))}
          </datalist>
        </div>
        <div className={styles.pair}>
          <div className={styles.field}>
            <label htmlFor="search-floor-min">{t("search.floorMin")}</label>
            <NumberInput
              id="search-floor-min"
              name="floor_min"
              value={state.floor_min}
              min={limits.floor.minValue}
              max={limits.floor.maxValue}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="search-floor-max">{t("search.floorMax")}</label>
            <NumberInput
              id="search-floor-max"
              name="floor_max"
              value={state.floor_max}
              min={limits.floor.minValue}
              max={limits.floor.maxValue}
            />
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor="search-furnished">{t("search.furnished")}</label>
          <select
            id="search-furnished"
            name="furnished"
            defaultValue={state.furnished === undefined ? "" : String(state.furnished)}
          >
            <option value="">{t("search.furnished.any")}</option>
            <option value="true">{t("search.furnished.true")}</option>
            <option value="false">{t("search.furnished.false")}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="search-confirmed">{t("search.confirmed")}</label>
          <select id="search-confirmed" name="confirmed_within" defaultValue={state.confirmed_within ?? ""}>
            <option value="">{t("search.confirmed.any")}</option>
            {/* A value from a URL that is not a choice here is kept, so the form never drops it silently. */}
            {[...new Set([...CONFIRMED_CHOICES, ...(state.confirmed_within ? [state.confirmed_within] : [])])].map(
              (days) => (
                <option key={days} value={days}>
                  {t("search.confirmed.within", { days })}
                </option>
              ),
            )}
          </select>
        </div>
      </details>

      <div className={styles.actions}>
        <button type="submit" className={styles.submit}>
          {t("search.submit")}
        </button>
        <Link to={resetHref} className={styles.reset}>
          {t("search.reset")}
        </Link>
      </div>
    </Form>
  );
}

function NumberInput({
  id,
  name,
  value,
  list,
  min = 0,
  max,
  step = "1",
}: {
  id: string;
  name: string;
  value: number | undefined;
  list?: string;
  min?: number;
  max?: number;
  step?: string;
}) {
  return (
    <input
      id={id}
      name={name}
      type="number"
      inputMode={min < 0 ? "text" : "decimal"}
      min={min}
      max={max}
      step={step}
      list={list}
      defaultValue={value ?? ""}
    />
  );
}
