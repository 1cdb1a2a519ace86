import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import type * as Leaflet from "leaflet";
import type { MapResponse } from "#shared/api/realty-map.ts";
import { MAP_API_PATH, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_ZOOM_PARAM, SERBIA_BOUNDS } from "#shared/map.ts";
import type { MapBounds, SearchState } from "#shared/search-query.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import type { MapCentre } from "#client/components/listing-results/search-types.ts";
import { addBaseLayer, loadMapKit, type MapKit } from "./map-kit.ts";
import { clusterMarker, listingMarker } from "./map-features.ts";
import { ListingPopup, useMapLabels } from "./listing-popup.tsx";
import styles from "./map.module.css";

/** Bounds in the URL: five decimals (about a metre) are plenty. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function boundsOf(map: Leaflet.Map): MapBounds {
  const b = map.getBounds();
  return [
    round(clamp(b.getSouth(), -90, 90)),
    round(clamp(b.getWest(), -180, 180)),
    round(clamp(b.getNorth(), -90, 90)),
    round(clamp(b.getEast(), -180, 180)),
  ];
}

const viewKey = (state: Pick<SearchState, "bounds" | "zoom">) => `${state.bounds?.join(",") ?? ""}@${state.zoom ?? ""}`;

/** Hovering or focusing a card of the list lights its marker (decision 044), and the other way round. */
function setCardActive(id: string, active: boolean) {
  for (const card of document.querySelectorAll(`li[data-listing-id="${CSS.escape(id)}"]`)) {
    card.toggleAttribute("data-map-active", active);
  }
}

interface Popup {
  element: HTMLElement;
  id: number;
  /** Refits the popup to its card once loaded. */
  update: () => void;
}

/**
 * The search's map (decision 044), loaded after hydration: clusters and price pills of the viewport from
 * MAP_API_PATH with the page's filters; a move writes `bounds` and `zoom` to the URL (replacing the entry)
 * so the list below shows the same area — or, when the visitor turns that off, offers "Search this area".
 */
export default function ResultsMap({
  state,
  filters,
  centre,
}: {
  state: SearchState;
  /** The search's filters as the endpoint's query (the loader's `mapFilters`). */
  filters: string;
  centre: MapCentre | null;
}) {
  const { t, locale } = useI18n();
  const labels = useMapLabels();
  const location = useLocation();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const instructions = useId();
  const [failed, setFailed] = useState(false);
  const [auto, setAuto] = useState(true);
  const [pending, setPending] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [popup, setPopup] = useState<Popup | null>(null);

  // What the Leaflet handlers read: the latest page state and choices, without rebuilding the map.
  const latest = useRef({ state, filters, auto, labels, navigate, location });
  latest.current = { state, filters, auto, labels, navigate, location };
  const kit = useRef<{ kit: MapKit; map: Leaflet.Map; layer: Leaflet.LayerGroup } | null>(null);
  /** The view the map wrote into the URL itself: coming back as props, it is not fitted again. */
  const written = useRef(viewKey(state));
  /** Set while the page moves the map (Back, a form): that move writes nothing. */
  const external = useRef(false);
  const request = useRef<AbortController | null>(null);
  const markers = useRef(new Map<string, Leaflet.Marker>());
  const openMarker = useRef<{ id: number; marker: Leaflet.Marker } | null>(null);

  /** The viewport's features, the stale request aborted; timed from the move for the e2e budget (300 ms). */
  const update = useRef(async () => {});
  update.current = async () => {
    const current = kit.current;
    if (!current) return;
    const { kit: mapKit, map, layer } = current;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const params = new URLSearchParams(latest.current.filters);
    params.set("bounds", boundsOf(map).join(","));
    params.set("zoom", String(map.getZoom()));
    let body: MapResponse;
    try {
      const res = await fetch(`${MAP_API_PATH}?${params}`, { signal: controller.signal });
      if (!res.ok) throw new Error(`${MAP_API_PATH}: HTTP ${res.status}`);
      body = (await res.json()) as MapResponse;
    } catch {
      return; // Aborted by a newer move, or offline: the features drawn stay.
    }
    if (controller.signal.aborted) return;
    const { L } = mapKit;
    const { labels: text } = latest.current;
    // The marker whose popup is open stays (a redraw would close it: the popup's own pan moves the map too).
    const open = openMarker.current;
    layer.eachLayer((drawn) => {
      if (drawn !== open?.marker) layer.removeLayer(drawn);
    });
    markers.current.clear();
    for (const item of body.items) {
      if (item.kind === "cluster") {
        layer.addLayer(clusterMarker(L, map, item, text.cluster(item.count)));
        continue;
      }
      const { marker, area } = listingMarker(L, item, text.short(item.price), text.listing(item.price));
      if (area) layer.addLayer(area);
      if (open?.id === item.id) {
        markers.current.set(String(item.id), open.marker);
        continue;
      }
      const element = document.createElement("div");
      element.className = styles.popup ?? "";
      marker.bindPopup(element, { minWidth: 240, maxWidth: 300, autoPanPadding: [16, 16] });
      marker.on("popupopen", () => {
        openMarker.current = { id: item.id, marker };
        setPopup({ element, id: item.id, update: () => marker.getPopup()?.update() });
      });
      marker.on("popupclose", () => {
        if (openMarker.current?.marker === marker) openMarker.current = null;
        setPopup((shown) => (shown?.element === element ? null : shown));
        // Gone from the features meanwhile: it goes with its popup.
        if (markers.current.get(String(item.id)) !== marker) layer.removeLayer(marker);
      });
      const id = String(item.id);
      marker.on("mouseover", () => setCardActive(id, true));
      marker.on("mouseout", () => setCardActive(id, false));
      marker.on("add", () => {
        const icon = marker.getElement();
        icon?.addEventListener("focus", () => setCardActive(id, true));
        icon?.addEventListener("blur", () => setCardActive(id, false));
      });
      markers.current.set(id, marker);
      layer.addLayer(marker);
    }
    performance.mark("map-drawn");
    if (performance.getEntriesByName("map-moveend", "mark").length) {
      performance.measure("map-update", "map-moveend", "map-drawn");
    }
    setAnnouncement(text.count(body.total));
  };

  // The map: made once, kept across the page's navigations (new bounds, filters), removed with the page.
  useEffect(() => {
    let cancelled = false;
    loadMapKit(locale).then(
      (mapKit) => {
        if (cancelled || !box.current) return;
        const { L } = mapKit;
        const map = L.map(box.current, { minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM, keyboard: true });
        addBaseLayer(mapKit, map, locale);
        const { state: initial } = latest.current;
        if (initial.bounds) {
          const [s, w, n, e] = initial.bounds;
          const bounds = L.latLngBounds([s, w], [n, e]);
          if (initial.zoom !== undefined) map.setView(bounds.getCenter(), initial.zoom);
          else map.fitBounds(bounds);
        } else if (centre) map.setView([centre.lat, centre.lng], centre.zoom);
        else
          map.fitBounds([
            [SERBIA_BOUNDS.south, SERBIA_BOUNDS.west],
            [SERBIA_BOUNDS.north, SERBIA_BOUNDS.east],
          ]);
        const layer = L.layerGroup().addTo(map);
        kit.current = { kit: mapKit, map, layer };
        box.current.setAttribute("aria-describedby", instructions);
        map.on("movestart", () => {
          performance.clearMarks("map-moveend");
          performance.clearMarks("map-drawn");
        });
        // A popup making room for itself is no choice of the visitor's: its move writes nothing (and so
        // cannot cut short the navigation a click on its card's link starts).
        map.on("autopanstart", () => {
          external.current = true;
        });
        map.on("moveend", () => {
          performance.clearMeasures("map-update");
          performance.mark("map-moveend");
          // The map's features first, then the list: both at once would share the worker and the network.
          const drawn = update.current();
          if (external.current) {
            external.current = false;
            return;
          }
          if (latest.current.auto) void drawn.then(() => writeView(map));
          else setPending(true);
        });
        void update.current();
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      request.current?.abort();
      kit.current?.map.remove();
      kit.current = null;
    };
    // The map is made once: later views and filters reach it through `latest` and the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The map's area into the URL: the list reloads for it; the history entry is replaced, not added. */
  function writeView(map: Leaflet.Map) {
    const { navigate: go, location: here } = latest.current;
    const bounds = boundsOf(map);
    const zoom = map.getZoom();
    const key = viewKey({ bounds, zoom });
    // Several moves in a row: the last one's area is written once.
    if (key === written.current) return setPending(false);
    written.current = key;
    setPending(false);
    // The page's other parameters stay as they are (the loader reads them in any order); a new area starts at page 1.
    const params = new URLSearchParams(here.search);
    params.set("bounds", bounds.join(","));
    params.set(MAP_ZOOM_PARAM, String(zoom));
    params.delete("page");
    void go(`${here.pathname}?${params}`, { replace: true, preventScrollReset: true });
  }

  // A view the map did not write (Back, the bounds form, a link): the map moves there.
  const key = viewKey(state);
  useEffect(() => {
    const current = kit.current;
    if (!current || key === written.current) return;
    written.current = key;
    if (!state.bounds) return;
    const [s, w, n, e] = state.bounds;
    const bounds = current.kit.L.latLngBounds([s, w], [n, e]);
    external.current = true;
    if (state.zoom !== undefined) current.map.setView(bounds.getCenter(), state.zoom);
    else current.map.fitBounds(bounds);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Other filters: the same area, new features.
  const firstFilters = useRef(filters);
  useEffect(() => {
    if (filters === firstFilters.current) return;
    firstFilters.current = filters;
    void update.current();
  }, [filters]);

  // The list's cards light their markers.
  useEffect(() => {
    const light = (event: Event, active: boolean) => {
      const card = (event.target as Element | null)?.closest?.("li[data-listing-id]");
      const id = card?.getAttribute("data-listing-id");
      const marker = id ? markers.current.get(id) : undefined;
      if (!marker) return;
      marker.getElement()?.firstElementChild?.toggleAttribute("data-active", active);
      marker.setZIndexOffset(active ? 1000 : 0);
    };
    const on = (event: Event) => light(event, true);
    const off = (event: Event) => light(event, false);
    document.addEventListener("mouseover", on);
    document.addEventListener("mouseout", off);
    document.addEventListener("focusin", on);
    document.addEventListener("focusout", off);
    return () => {
      document.removeEventListener("mouseover", on);
      document.removeEventListener("mouseout", off);
      document.removeEventListener("focusin", on);
      document.removeEventListener("focusout", off);
    };
  }, []);

  return (
    <div className={styles.frame}>
      <div className={styles.bar}>
        <label>
          <input
            type="checkbox"
            checked={auto}
            onChange={(event) => {
              setAuto(event.currentTarget.checked);
              if (event.currentTarget.checked && pending && kit.current) writeView(kit.current.map);
            }}
          />
          {t("map.autoUpdate")}
        </label>
        {pending ? (
          <button type="button" className={styles.searchArea} onClick={() => kit.current && writeView(kit.current.map)}>
            {t("map.searchArea")}
          </button>
        ) : null}
      </div>
      {failed ? (
        <p className={styles.status} role="alert">
          {t("map.failed")}
        </p>
      ) : null}
      <div
        ref={box}
        className={styles.map}
        role="region"
        aria-label={t("map.label")}
        data-testid="results-map"
        data-locale={locale}
      />
      <p id={instructions} className="visually-hidden">
        {t("map.instructions")}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {popup ? createPortal(<ListingPopup id={popup.id} onLoaded={popup.update} />, popup.element) : null}
    </div>
  );
}
