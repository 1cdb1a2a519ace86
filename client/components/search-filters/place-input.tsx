import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";

/**
 * "City or district": free text the loader looks up when submitted (without JavaScript too); with
 * JavaScript it suggests places from `/api/location/search` as one types, and picking one searches
 * there at once.
 */
export default function PlaceInput({
  onPick,
  maxLength,
  className,
}: {
  onPick: (hit: ApiPlaceHit) => void;
  maxLength?: number;
  /** The form's field style (passed in: one stylesheet module, one chunk). */
  className?: string;
}) {
  const { t, locale } = useI18n();
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
  const label = (hit: ApiPlaceHit) => (hit.kind === "district" ? `${hit.name}, ${hit.city.name}` : hit.name);

  function onInput(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const text = input.value.trim();
    const chosen = hits.find((hit) => label(hit) === input.value);
    if (chosen) {
      input.value = "";
      setHits([]);
      onPick(chosen);
      return;
    }
    clearTimeout(timer.current);
    if (text.length < 2) return setHits([]);
    timer.current = setTimeout(async () => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      // Made here, not while rendering: the server has no `window`. Failures simply suggest nothing.
      const api = await browserApi(locale);
      const result = await api.searchPlaces(text, 8, controller.signal);
      if (result.ok && !controller.signal.aborted) setHits(result.data.items);
    }, 200);
  }

  return (
    <div className={className}>
      <label htmlFor="search-where">{t("search.where")}</label>
      <input
        id="search-where"
        name="where"
        type="text"
        list="search-places"
        autoComplete="off"
        maxLength={maxLength}
        placeholder={t("search.where.placeholder")}
        onInput={onInput}
      />
      <datalist id="search-places">
        {hits.map((hit) => (
          <option key={`${hit.kind}-${hit.city.slug}-${hit.slug}`} value={label(hit)} />
        ))}
      </datalist>
    </div>
  );
}
