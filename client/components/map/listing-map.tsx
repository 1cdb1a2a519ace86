import { useEffect, useId, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { useI18n } from "#client/i18n/intl.tsx";
import { addBaseLayer, loadMapKit } from "./map-kit.ts";
import { listingMarker } from "./map-features.ts";
import { useMapLabels } from "./listing-popup.tsx";
import type { MapPoint } from "./show-on-map.tsx";
import styles from "./map.module.css";

/** How close the detail page's map opens: streets around a house, the whole area around a hidden one. */
const EXACT_ZOOM = 16;
const AREA_ZOOM = 14;

/** One listing's position on the site's map (the detail page), its area where the owner hid the house. */
export default function ListingMap({ point }: { point: MapPoint }) {
  const { t, locale } = useI18n();
  const labels = useMapLabels();
  const box = useRef<HTMLDivElement>(null);
  const instructions = useId();
  const [failed, setFailed] = useState(false);
  const text = useRef(labels);

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    loadMapKit(locale).then(
      (kit) => {
        if (cancelled || !box.current) return;
        const exact = point.location_precision === "exact";
        map = kit.L.map(box.current, { keyboard: true }).setView(
          [point.lat, point.lng],
          exact ? EXACT_ZOOM : AREA_ZOOM,
        );
        addBaseLayer(kit, map, locale);
        const price = point.price ?? 0;
        const label = exact ? text.current.listing(price) : `${text.current.listing(price)}. ${t("map.approximate")}`;
        const { marker, area } = listingMarker(kit.L, point, text.current.short(price), label);
        area?.addTo(map);
        marker.addTo(map);
        if (!exact) box.current.setAttribute("aria-describedby", instructions);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      map?.remove();
    };
    // The map is made once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point.id]);

  return (
    <div className={styles.frame}>
      {failed ? (
        <p className={styles.status} role="alert">
          {t("map.failed")}
        </p>
      ) : null}
      <div
        ref={box}
        className={styles.map}
        role="region"
        aria-label={t("map.listingLabel")}
        data-testid="listing-map"
      />
      {point.location_precision === "exact" ? null : (
        <p id={instructions} className={styles.status}>
          {t("map.approximate")}
        </p>
      )}
    </div>
  );
}
