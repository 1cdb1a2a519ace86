import { useEffect, useId, useRef, useState } from "react";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { type StepProps, TextField } from "./wizard-fields.tsx";

/** How long typing pauses before places are looked up. */
const SUGGEST_DELAY_MS = 250;
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_LIMIT = 8;

const placeLabel = (hit: ApiPlaceHit) => (hit.kind === "district" ? `${hit.name}, ${hit.city.name}` : hit.name);

/**
 * The address, with places from `/api/location/search` offered as the owner types (a `<datalist>`, so
 * the browser draws an accessible list). Choosing one sets the city and district selects. Without
 * JavaScript it is a plain text field.
 */
export function AddressField({ step, onPlace }: { step: StepProps; onPlace: (hit: ApiPlaceHit) => void }) {
  const { locale } = useI18n();
  const listId = useId();
  const [hits, setHits] = useState<ApiPlaceHit[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

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
    <>
      <TextField step={step} name="address" list={listId} onText={onText} />
      <datalist id={listId}>
        {hits.map((hit) => (
          <option key={`${hit.kind}-${hit.city.slug}-${hit.slug}`} value={placeLabel(hit)} />
        ))}
      </datalist>
    </>
  );
}
