import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import type { LocationPrecision } from "#shared/map.ts";
import { browserApi } from "#client/api/browser-api.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { AddressField, placeLabel, type Suggestion } from "./address-field.tsx";
import { reverseGeocode } from "./geocoder.ts";
import type { PinView } from "./pin-picker.tsx";
import { PrecisionField, storedPrecision } from "./precision-field.tsx";
import { FlagField, NumberField, SelectField, type StepProps, useFieldState } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { parseNumber, stepFields } from "./wizard-steps.ts";
import { listingField } from "#shared/listing-fields.ts";
import styles from "./wizard.module.css";

// The map is its own chunk (and Leaflet another, map-kit.ts), fetched once the step has hydrated.
const PinPicker = lazy(() => import("./pin-picker.tsx"));

/** The zoom a position is shown at by what it is: a house, a district's or a city's middle. */
const ZOOM = { point: 16, district: 14, city: 12 } as const;
/** How long typing a coordinate pauses before its place is looked up. */
const TYPED_DELAY_MS = 400;

/** A gazetteer city and (maybe) district, as the geocoder answers them. */
type Place = { city: { slug: string }; district: { slug: string } | null };
/** A question the step asks before it changes what the owner chose (nothing moves by itself). */
type Question = { text: string; yes: string; onYes: () => void };

const LOCATION_FIELDS = ["city", "district", "address", "lat", "lng", "location_precision"];

/** A typed coordinate pair, when both are numbers on the globe. */
function typedPoint(lat: string, lng: string): { lat: number; lng: number } | null {
  const a = parseNumber(lat, { decimal: true });
  const b = parseNumber(lng, { decimal: true });
  return typeof a === "number" && typeof b === "number" && Math.abs(a) <= 90 && Math.abs(b) <= 180
    ? { lat: a, lng: b }
    : null;
}

/** Where the property is (gazetteer city and district, address, position on a map) and its facts by type. */
export function ParamsStep({ step, back }: { step: StepProps; back: string }) {
  const { t, intl, locale } = useI18n();
  const { listing, options } = step;
  const fields = stepFields("params", listing.fields);
  const city = useFieldState(step, "city");
  const district = useFieldState(step, "district");
  // With JavaScript the district list follows the chosen city; without it every city's are grouped.
  const [citySlug, setCity] = useState(city.value);
  const [districtSlug, setDistrict] = useState(district.value);
  const hydrated = useHydrated();
  // Only cities that have districts (a few of the gazetteer's hundreds): an empty group is nodes to send,
  // hydrate and then remove.
  const shown = options.cities.filter((c) => c.districts.length > 0 && (!hydrated || !citySlug || c.slug === citySlug));

  // The pin: where the lat/lng fields say, else (not yet a position) the middle of the chosen place.
  const initial = typedPoint(useFieldState(step, "lat").value, useFieldState(step, "lng").value);
  const [pin, setPin] = useState<PinView | null>(initial && { ...initial, zoom: ZOOM.point });
  const [positioned, setPositioned] = useState(initial !== null);
  const [precision, setPrecision] = useState<LocationPrecision>(storedPrecision(step));
  const formElement = useRef<HTMLFormElement>(null);
  // Not yet a position: the middle of the chosen district or city, looked up.
  const [middle, setMiddle] = useState<(PinView & { of: string }) | null>(null);
  const lookup = useRef<AbortController | null>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mapLabelId = useId();
  const [question, setQuestion] = useState<Question | null>(null);
  useEffect(
    () => () => {
      lookup.current?.abort();
      clearTimeout(typing.current);
    },
    [],
  );

  const input = (name: string) => formElement.current?.elements.namedItem(name) as HTMLInputElement | null;
  const choose = (place: Place) => {
    setCity(place.city.slug);
    setDistrict(place.district?.slug ?? "");
  };
  /** A position from the address: the pin and the fields move there. */
  const moveTo = (lat: number, lng: number, zoom: number) => {
    const [a, b] = [input("lat"), input("lng")];
    if (a && b) [a.value, b.value] = [String(lat), String(lng)];
    setPin({ lat, lng, zoom });
    setPositioned(true);
  };
  /**
   * The gazetteer's city and district of the pin fill empty selects (and an empty address); a city or
   * district the owner chose is changed only when the owner says so.
   */
  const placePin = async (lat: number, lng: number) => {
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    const place = await reverseGeocode(lat, lng, locale, controller.signal);
    if (!place || controller.signal.aborted) return;
    const adopt = () => {
      choose(place);
      const address = input("address");
      if (address && address.value.trim() === "") address.value = placeLabel(place.district ?? place.city);
    };
    const form = new FormData(formElement.current ?? undefined);
    const [chosenCity, chosenDistrict] = [String(form.get("city") ?? ""), String(form.get("district") ?? "")];
    if (!chosenCity) return adopt();
    if (place.city.slug === chosenCity && (place.district?.slug ?? "") === chosenDistrict) return setQuestion(null);
    setQuestion({
      text: t("map.pin.askDistrict", { place: placeLabel(place.district ?? place.city) }),
      yes: t("map.pin.yesDistrict"),
      onYes: adopt,
    });
  };

  const onPick = (lat: number, lng: number) => {
    const [a, b] = [input("lat"), input("lng")];
    if (a && b) [a.value, b.value] = [String(lat), String(lng)];
    setPin((old) => ({ lat, lng, zoom: old?.zoom ?? ZOOM.point }));
    setPositioned(true);
    void placePin(lat, lng);
  };
  /** A place a typed address names fills the city and district when none is chosen; it never moves the pin. */
  const onAddress = (place: Place) => {
    if (!citySlug) choose(place);
  };
  /**
   * A suggestion chosen: a city or district sets the selects; a street address also places the pin there —
   * at once when there is none yet, after asking when the owner placed one.
   */
  const onSuggestion = (suggestion: Suggestion) => {
    if (suggestion.kind === "place") {
      const { hit } = suggestion;
      return choose({ city: hit.city, district: hit.kind === "district" ? hit : null });
    }
    const { item } = suggestion;
    const apply = () => {
      if (item.city_slug)
        choose({ city: { slug: item.city_slug }, district: item.district ? { slug: item.district } : null });
      moveTo(item.lat, item.lng, ZOOM.point);
    };
    if (!positioned) return apply();
    setQuestion({ text: t("map.pin.askMove", { address: item.label }), yes: t("map.pin.yesMove"), onYes: apply });
  };
  const onTyped = (name: string) => {
    if (name !== "lat" && name !== "lng") return;
    const point = typedPoint(input("lat")?.value ?? "", input("lng")?.value ?? "");
    clearTimeout(typing.current);
    setPositioned(point !== null);
    if (point) setPin({ ...point, zoom: ZOOM.point });
    if (point) typing.current = setTimeout(() => void placePin(point.lat, point.lng), TYPED_DELAY_MS);
  };

  // No position yet: the pin waits in the middle of the chosen district or city (Serbia without one).
  useEffect(() => {
    if (!hydrated || positioned) return;
    const c = options.cities.find((x) => x.slug === citySlug);
    const d = c?.districts.find((x) => x.slug === districtSlug);
    if (!c) return;
    const of = `${citySlug}/${districtSlug}`;
    const controller = new AbortController();
    void (async () => {
      const api = await browserApi(locale);
      const result = await api.searchPlaces((d ?? c).name, 20, controller.signal);
      // Aborted (the place changed) maybe while its body was read: nothing to read then.
      if (!result.ok || controller.signal.aborted) return;
      const hit = result.data.items.find(
        (h) => (d ? h.kind === "district" && h.slug === d.slug : h.kind === "city") && h.city.slug === c.slug,
      );
      if (hit) setMiddle({ lat: hit.lat, lng: hit.lng, zoom: d ? ZOOM.district : ZOOM.city, of });
    })();
    return () => controller.abort();
  }, [hydrated, positioned, citySlug, districtSlug]); // eslint-disable-line react-hooks/exhaustive-deps

  const shownPin = positioned ? pin : middle?.of === `${citySlug}/${districtSlug}` ? middle : null;
  const facts = fields.filter((f) => !LOCATION_FIELDS.includes(f));
  const chosenCity = options.cities.find((c) => c.slug === citySlug);
  const placeName = [chosenCity?.districts.find((d) => d.slug === districtSlug)?.name, chosenCity?.name]
    .filter(Boolean)
    .join(", ");
  const fixed = (x: number, digits: number) =>
    intl.formatNumber(x, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  let position: string;
  if (!hydrated) {
    // The same digits as the pin's line after hydration: numbers formatted here travel in the page's table
    // of formatted texts (decision 018), so hydrating builds no number formatter of its own.
    position =
      listing.lat !== null && listing.lng !== null
        ? t("wizard.position", { lat: fixed(listing.lat, 4), lng: fixed(listing.lng, 4) })
        : t("wizard.position.none");
  } else if (pin && positioned) {
    const at = { lat: fixed(pin.lat, 4), lng: fixed(pin.lng, 4) };
    position = placeName ? t("wizard.pin.at", { ...at, place: placeName }) : t("wizard.pin.atNowhere", at);
  } else if (shownPin) position = t("wizard.pin.middle", { place: placeName });
  else position = t("wizard.position.none");

  return (
    <Form
      method="post"
      className={styles.form}
      noValidate
      ref={formElement}
      onInput={(event) => onTyped((event.target as HTMLInputElement).name)}
    >
      <fieldset className={styles.choices}>
        <legend>{t("wizard.params.location")}</legend>
        <div className={styles.form}>
          <div className={styles.group}>
            <SelectField
              step={step}
              name="city"
              empty={t("wizard.city.choose")}
              value={citySlug}
              onChange={(value) => {
                setCity(value);
                setDistrict("");
              }}
              choices={options.cities.map((c) => [c.slug, c.name] as const)}
            />
            <SelectField
              step={step}
              name="district"
              empty={t("wizard.district.none")}
              value={districtSlug}
              onChange={setDistrict}
            >
              {shown.map((c) => (
                <optgroup key={c.slug} label={c.name}>
                  {c.districts.map((d) => (
                    <option key={d.slug} value={d.slug}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
          </div>
          <AddressField step={step} onSuggestion={onSuggestion} onAddress={onAddress} />
          {hydrated ? (
            <div className={styles.field}>
              <Suspense fallback={null}>
                <PinPicker
                  pin={shownPin}
                  precision={precision}
                  label={t("wizard.pin.map")}
                  describedBy={mapLabelId}
                  loadingText={t("wizard.pin.loading")}
                  failedText={t("wizard.pin.failed")}
                  onPick={onPick}
                />
              </Suspense>
              <p id={mapLabelId} className={styles.hint}>
                {t("wizard.pin.keys")}
              </p>
            </div>
          ) : null}
          <div className={styles.group}>
            <NumberField step={step} name="lat" />
            <NumberField step={step} name="lng" />
          </div>
          <p className={styles.preview} role="status">
            {position}
          </p>
          {question ? (
            <div className={styles.question} data-pin-question="">
              <p role="status">{question.text}</p>
              <div className={styles.buttons}>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    question.onYes();
                    setQuestion(null);
                  }}
                >
                  {question.yes}
                </button>
                <button type="button" className={styles.secondary} onClick={() => setQuestion(null)}>
                  {t("map.pin.no")}
                </button>
              </div>
            </div>
          ) : null}
          <PrecisionField step={step} value={precision} onChange={setPrecision} />
        </div>
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t("wizard.params.facts")}</legend>
        <div className={styles.group}>
          {facts.map((name) =>
            listingField(name).kind === "flag" ? (
              <FlagField key={name} step={step} name={name} />
            ) : name === "heating" ? (
              <SelectField
                key={name}
                step={step}
                name={name}
                empty=""
                choices={options.heating.map((h) => [h.value, h.label] as const)}
              />
            ) : (
              <NumberField key={name} step={step} name={name} />
            ),
          )}
        </div>
      </fieldset>
      <StepButtons intent="params" back={back} />
    </Form>
  );
}
