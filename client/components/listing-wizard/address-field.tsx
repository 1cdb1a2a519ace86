import { useEffect, useId, useRef, useState } from "react";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { type ApiAddressPlace, geocodeAddress, namesPlace } from "./geocoder.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { type StepProps, TextField, useFieldState } from "./wizard-fields.tsx";
import styles from "./wizard.module.css";

/** How long typing pauses before places are looked up. */
const SUGGEST_DELAY_MS = 250;
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_LIMIT = 8;

export const placeLabel = (hit: ApiPlaceHit) => (hit.kind === "district" ? `${hit.name}, ${hit.city.name}` : hit.name);

/**
 * The address, with places from `/api/location/search` offered as the owner types (a `<datalist>`, so
 * the browser draws an accessible list). Choosing one sets the city and district selects; an address
 * entered (the field left changed) is geocoded (`/api/geocoder/address-info`) for the pin — not every
 * word typed, most of which name no place yet. Without JavaScript it is a plain text field.
 */
export function AddressField({
  step,
  onPlace,
  onAddress,
}: {
  step: StepProps;
  onPlace: (hit: ApiPlaceHit) => void;
  /** The place (and its centre) the address names, once the owner pauses typing. */
  onAddress?: (place: ApiAddressPlace) => void;
}) {
  const { locale } = useI18n();
  const listId = useId();
  const [hits, setHits] = useState<ApiPlaceHit[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController | null>(null);
  const geocoding = useRef<AbortController | null>(null);
  const entered = useRef(useFieldState(step, "address").value.trim());
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
      geocoding.current?.abort();
    },
    [],
  );

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
    const chosen = hits.find((hit) => placeLabel(hit) === text);
    if (chosen) onPlace(chosen);
    clearTimeout(timer.current);
    const query = text.trim();
    if (query.length < SUGGEST_MIN_CHARS) return setHits([]);
    timer.current = setTimeout(async () => {
      // A newer word makes the older answer useless.
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const api = await browserApi(locale);
      const result = await api.searchPlaces(query, SUGGEST_LIMIT, controller.signal);
      if (result.ok && !controller.signal.aborted) setHits(result.data.items);
    }, SUGGEST_DELAY_MS);
  }

  return (
    <div
      className={styles.contents}
      onBlur={(event) => {
        if (event.target instanceof HTMLInputElement) void onLeave(event.target.value);
      }}
    >
      <TextField step={step} name="address" list={listId} onText={onText} />
      <datalist id={listId}>
        {hits.map((hit) => (
          <option key={`${hit.kind}-${hit.city.slug}-${hit.slug}`} value={placeLabel(hit)} />
        ))}
      </datalist>
    </div>
  );
}
