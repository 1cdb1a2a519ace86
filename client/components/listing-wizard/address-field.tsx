import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { ApiGeocodeItem } from "#shared/api/geocode.ts";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { type ApiAddressPlace, geocodeAddress, namesPlace, suggestAddresses } from "./geocoder.ts";
import { type StepProps, TextField, useFieldState } from "./wizard-fields.tsx";
import { nextActive } from "./combobox.ts";
import { GEOCODE_QUERY_MIN } from "#shared/api/geocode.ts";
import styles from "./address-field.module.css";

/** How long typing pauses before suggestions are looked up. */
const SUGGEST_DELAY_MS = 250;
const PLACES_MIN_CHARS = 2;
const PLACES_LIMIT = 5;

export const placeLabel = (hit: ApiPlaceHit) => (hit.kind === "district" ? `${hit.name}, ${hit.city.name}` : hit.name);

/** One line of the list: a street address (the geocoder's) or one of the gazetteer's cities and districts. */
export type Suggestion = { kind: "address"; item: ApiGeocodeItem } | { kind: "place"; hit: ApiPlaceHit };
const labelOf = (s: Suggestion) => (s.kind === "address" ? s.item.label : placeLabel(s.hit));

/**
 * The address as a combobox (WAI-ARIA 1.2 list autocomplete): street addresses from `/api/geocode` (when
 * the site has a geocoder) and the gazetteer's places from `/api/location/search` are offered as the owner
 * types; arrows move through them, Enter or a click chooses, Escape closes. Choosing is the only way the
 * address moves the pin (`onSuggestion`; the step asks first when a pin is placed). An address typed and
 * left without a choice only fills an empty city and district (`onAddress`). Without JavaScript it is a
 * plain text field.
 */
export function AddressField({
  step,
  onSuggestion,
  onAddress,
}: {
  step: StepProps;
  onSuggestion: (suggestion: Suggestion) => void;
  /** The place (and its centre) a typed address names, once the owner leaves the field. */
  onAddress?: (place: ApiAddressPlace) => void;
}) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const listId = useId();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController | null>(null);
  const geocoding = useRef<AbortController | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // The site has no geocoder (form options), or it answered that it has none (404): no more asking it.
  const noGeocoder = useRef(!step.options.address_suggestions);
  const entered = useRef(useFieldState(step, "address").value.trim());
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
      geocoding.current?.abort();
    },
    [],
  );

  const input = () => wrapper.current?.querySelector<HTMLInputElement>("input[name=address]") ?? null;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  async function onLeave(text: string) {
    const address = text.trim();
    if (!onAddress || address === entered.current || !namesPlace(address, step.options.cities)) return;
    entered.current = address;
    geocoding.current?.abort();
    const controller = new AbortController();
    geocoding.current = controller;
    const place = await geocodeAddress(address, locale, controller.signal);
    if (place && !controller.signal.aborted) onAddress(place);
  }

  function onText(text: string) {
    clearTimeout(timer.current);
    const query = text.trim();
    if (query.length < PLACES_MIN_CHARS) {
      pending.current?.abort();
      setItems([]);
      return close();
    }
    timer.current = setTimeout(async () => {
      // A newer word makes the older answer useless.
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const api = await browserApi(locale);
      const [addresses, places] = await Promise.all([
        noGeocoder.current || query.length < GEOCODE_QUERY_MIN
          ? []
          : suggestAddresses(query, locale, controller.signal).then((found) => {
              if (found === "none") noGeocoder.current = true;
              return Array.isArray(found) ? found : [];
            }),
        api.searchPlaces(query, PLACES_LIMIT, controller.signal),
      ]);
      if (controller.signal.aborted) return;
      const next: Suggestion[] = [
        ...addresses.map((item) => ({ kind: "address" as const, item })),
        ...(places.ok ? places.data.items.map((hit) => ({ kind: "place" as const, hit })) : []),
      ];
      setItems(next);
      setActive(-1);
      setOpen(next.length > 0 && document.activeElement === input());
    }, SUGGEST_DELAY_MS);
  }

  function choose(suggestion: Suggestion) {
    const field = input();
    const label = labelOf(suggestion);
    if (field) field.value = label;
    entered.current = label;
    close();
    onSuggestion(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => nextActive(open ? i : -1, step, items.length));
      setOpen(true);
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      // The choice, not the form's submission.
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close();
  }

  const optionId = (i: number) => `${listId}-${i}`;
  const shown = hydrated && open && items.length > 0;
  return (
    <div
      ref={wrapper}
      className={styles.contents}
      onBlur={(event) => {
        if (!(event.target instanceof HTMLInputElement)) return;
        close();
        void onLeave(event.target.value);
      }}
    >
      <TextField
        step={step}
        name="address"
        onText={onText}
        inputProps={
          hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list",
                "aria-expanded": shown,
                "aria-controls": listId,
                "aria-activedescendant": shown && active >= 0 ? optionId(active) : undefined,
                autoComplete: "off",
                onKeyDown,
              }
            : undefined
        }
        popup={
          hydrated ? (
            <ul id={listId} role="listbox" aria-label={t("geocode.list")} className={styles.list} hidden={!shown}>
              {items.map((suggestion, i) => (
                <li
                  key={`${suggestion.kind}-${i}-${labelOf(suggestion)}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={styles.option}
                  // Chosen before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(suggestion);
                  }}
                >
                  <span>{labelOf(suggestion)}</span>
                  <span className={styles.kind}>
                    {suggestion.kind === "address"
                      ? t("geocode.kind.address")
                      : t(suggestion.hit.kind === "district" ? "geocode.kind.district" : "geocode.kind.city")}
                  </span>
                </li>
              ))}
            </ul>
          ) : null
        }
        after={
          hydrated ? (
            <p className="visually-hidden" role="status">
              {open ? t("geocode.count", { count: items.length }) : ""}
            </p>
          ) : null
        }
      />
    </div>
  );
}
