/**
 * The wizard's pin on a map (decision 044): Leaflet in its own chunk (map-kit.ts), loaded when the
 * params step has hydrated and a quarter of the map is on the screen. It only draws and reports: the params
 * step owns the position, and the latitude and longitude fields stay the accessible (and JavaScript-free)
 * way to set it.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { LOCATION_AREA_RADIUS_M, type LocationPrecision, PIN_MAP_SHOWN_SHARE, SERBIA_BOUNDS } from "#shared/map.ts";
import { addBaseLayer, afterNextFrame, loadMapKit, type MapKit } from "#client/components/map/map-kit.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./pin-picker.module.css";

export interface PinView {
  lat: number;
  lng: number;
  /** The zoom to show it at when it moves from outside the map (a street, a district, a city). */
  zoom: number;
}

export interface PinPickerProps {
  /** Where the pin is; null: nowhere known yet (the map shows Serbia, the pin its middle). */
  pin: PinView | null;
  precision: LocationPrecision;
  /** The map's accessible name and the id of the text describing its keys. */
  label: string;
  describedBy: string;
  /** Shown while the map library loads, and when it could not. */
  loadingText: string;
  failedText: string;
  /** The owner dragged the pin, clicked the map or pressed Enter on it. */
  onPick: (lat: number, lng: number) => void;
}

const SERBIA_MIDDLE = {
  lat: (SERBIA_BOUNDS.south + SERBIA_BOUNDS.north) / 2,
  lng: (SERBIA_BOUNDS.west + SERBIA_BOUNDS.east) / 2,
};

export default function PinPicker({
  pin,
  precision,
  label,
  describedBy,
  loadingText,
  failedText,
  onPick,
}: PinPickerProps) {
  const { locale } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const parts = useRef<{ kit: MapKit; map: Leaflet.Map; marker: Leaflet.Marker; area: Leaflet.Circle | null } | null>(
    null,
  );
  // The position the map itself reported last: its echo through the props does not move the view.
  const picked = useRef<string | null>(null);
  const reportPick = useEffectEvent(onPick);

  // Leaflet loads when the map is on the screen: on a phone it is below the first screen, and its
  // evaluation and first drawing were the longest tasks of the step's load (decision 045).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= PIN_MAP_SHOWN_SHARE)) setNear(true);
      },
      { threshold: PIN_MAP_SHOWN_SHARE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    loadMapKit(locale).then(
      async (kit) => {
        if (cancelled || !container.current) return;
        const { L } = kit;
        const view = L.map(container.current, { keyboard: true, zoomControl: true });
        map = view;
        const b = SERBIA_BOUNDS;
        view.fitBounds([
          [b.south, b.west],
          [b.north, b.east],
        ]);
        // The tiles, the pin and its handlers in a task of their own (long tasks at 4× CPU, decision 045).
        await afterNextFrame();
        if (cancelled) return;
        addBaseLayer(kit, view, locale);
        const icon = L.divIcon({ className: styles.pin, iconSize: [24, 24], iconAnchor: [12, 29], html: "" });
        // Not a keyboard stop of its own: the number fields are the pin's keyboard way.
        const marker = L.marker(SERBIA_MIDDLE, { icon, draggable: true, keyboard: false, autoPan: true }).addTo(view);
        const pick = (at: Leaflet.LatLng) => {
          const lat = round(at.lat);
          const lng = round(wrapLng(at.lng));
          picked.current = key(lat, lng);
          reportPick(lat, lng);
        };
        marker.on("dragend", () => pick(marker.getLatLng()));
        view.on("click", (event: Leaflet.LeafletMouseEvent) => {
          marker.setLatLng(event.latlng);
          pick(event.latlng);
        });
        // Arrow keys pan and +/− zoom (Leaflet's keyboard handler); Enter puts the pin in the middle.
        view.getContainer().addEventListener("keydown", (event) => {
          if (event.key !== "Enter" || event.target !== view.getContainer()) return;
          event.preventDefault();
          marker.setLatLng(view.getCenter());
          pick(view.getCenter());
        });
        parts.current = { kit, map: view, marker, area: null };
        setState("ready");
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      map?.remove();
      parts.current = null;
    };
  }, [locale, near]);

  // The pin, the view and the area follow the step's position and precision.
  useEffect(() => {
    const p = parts.current;
    if (state !== "ready" || !p) return;
    const at = pin ?? SERBIA_MIDDLE;
    p.marker.setLatLng(at);
    // Not animated: Leaflet ignores a new view while it animates a zoom (two coordinates typed quickly).
    if (pin && picked.current !== key(pin.lat, pin.lng)) p.map.setView(at, pin.zoom, { animate: false });
    picked.current = null;
    p.area?.remove();
    p.area =
      pin && precision !== "exact"
        ? p.kit.L.circle(at, {
            radius: LOCATION_AREA_RADIUS_M[precision],
            className: styles.area,
            interactive: false,
          }).addTo(p.map)
        : null;
  }, [state, pin?.lat, pin?.lng, pin?.zoom, precision]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className={styles.frame}>
      <div
        ref={container}
        className={styles.map}
        role="group"
        tabIndex={0}
        aria-label={label}
        aria-describedby={describedBy}
        data-pin-map=""
        data-precision={precision}
      />
      {state !== "ready" ? (
        <p className={styles.overlay} aria-hidden={state === "loading" ? true : undefined}>
          {state === "loading" ? loadingText : failedText}
        </p>
      ) : null}
    </div>
  );
}

/** About 10 cm: more digits say nothing about a house. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
/** A click past the antimeridian reads as the longitude people mean. */
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const key = (lat: number, lng: number) => `${lat},${lng}`;
