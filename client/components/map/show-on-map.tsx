import { lazy, Suspense, useRef, useState } from "react";
import type { LocationPrecision } from "#shared/map.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./show-on-map.module.css";

// Leaflet and the map's code load when the visitor asks for the map, never with the page.
const ListingMap = lazy(() => import("./listing-map.tsx"));

export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  price: number | null;
  location_precision: LocationPrecision;
}

/**
 * The detail page's "Show on the map" (decision 044), rendered after hydration: a button beside the
 * OpenStreetMap link (which stays, and counts its own opens through the API) shows the listing's marker —
 * or its area — on the site's map, lazily, and counts the first opening with the `map` beacon.
 */
export default function ShowOnMap({ point, count }: { point: MapPoint; count: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const counted = useRef(false);
  return (
    <>
      <button
        type="button"
        className={styles.show}
        aria-expanded={open}
        aria-controls="listing-map"
        onClick={() => {
          setOpen(!open);
          if (!count || counted.current) return;
          counted.current = true;
          void import("#client/api/statistics-beacon.ts").then(({ countListingEvent }) =>
            countListingEvent(point.id, "map"),
          );
        }}
      >
        {open ? t("map.hide") : t("map.show")}
      </button>
      <div id="listing-map" className={open ? styles.listingPane : undefined} hidden={!open}>
        {open ? (
          <Suspense fallback={null}>
            <ListingMap point={point} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
