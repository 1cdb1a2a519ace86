// Drawing the map endpoint's features with Leaflet: part of the lazily loaded map chunk, never of a page's.
import type * as Leaflet from "leaflet";
import type { MapCluster, MapListing } from "#shared/api/realty-map.ts";
import { LOCATION_AREA_RADIUS_M } from "#shared/map.ts";
import styles from "./map.module.css";

type L = typeof Leaflet;

/** A Leaflet marker drawn as an element of ours (a DivIcon), focusable, with an accessible name. */
function elementMarker(L: L, lat: number, lng: number, element: HTMLElement, label: string): Leaflet.Marker {
  const marker = L.marker([lat, lng], {
    icon: L.divIcon({ html: element, className: styles.icon, iconSize: undefined }),
    keyboard: true,
    riseOnHover: true,
  });
  marker.on("add", () => {
    const icon = marker.getElement();
    icon?.setAttribute("aria-label", label);
  });
  return marker;
}

/**
 * A cluster: a round badge with its count, named "12 properties — zoom in"; a click or Enter zooms to its
 * cell — at least one level, so repeated clicks always reach single listings.
 */
export function clusterMarker(L: L, map: Leaflet.Map, cluster: MapCluster, label: string): Leaflet.Marker {
  const badge = document.createElement("span");
  badge.className = styles.cluster ?? "";
  badge.textContent = String(cluster.count);
  // Wider badges for bigger counts, so the number fits and the size hints at it.
  badge.dataset.size = cluster.count < 10 ? "s" : cluster.count < 100 ? "m" : "l";
  const marker = elementMarker(L, cluster.lat, cluster.lng, badge, label);
  const zoomIn = () => {
    const [south, west, north, east] = cluster.bounds;
    const bounds = L.latLngBounds([south, west], [north, east]);
    const zoom = Math.min(map.getMaxZoom(), Math.max(map.getBoundsZoom(bounds), map.getZoom() + 1));
    map.setView(bounds.getCenter(), zoom);
  };
  marker.on("click", zoomIn);
  marker.on("keypress", (event: Leaflet.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === "Enter") zoomIn();
  });
  return marker;
}

/**
 * A single listing: a price pill (`data-listing-id`, for the list's highlighting), and, where the owner
 * hid the exact position, the area it lies in (decision 044) under it.
 */
export function listingMarker(
  L: L,
  listing: Pick<MapListing, "id" | "lat" | "lng" | "location_precision">,
  text: string,
  label: string,
): { marker: Leaflet.Marker; area: Leaflet.Circle | null } {
  const pill = document.createElement("span");
  pill.className = styles.pill ?? "";
  pill.textContent = text;
  pill.dataset.listingId = String(listing.id);
  const marker = elementMarker(L, listing.lat, listing.lng, pill, label);
  const area =
    listing.location_precision === "exact"
      ? null
      : L.circle([listing.lat, listing.lng], {
          radius: LOCATION_AREA_RADIUS_M[listing.location_precision],
          className: styles.area,
          interactive: false,
        });
  return { marker, area };
}
