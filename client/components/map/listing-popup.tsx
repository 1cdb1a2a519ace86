import { useEffect, useRef, useState } from "react";
import { browserApi } from "#client/api/browser-api.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { ListingCard } from "#client/components/listing-card/listing-card.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useFormat } from "#client/i18n/use-format.ts";
import styles from "./map.module.css";

/** The markers' texts: a cluster's and a price pill's accessible names, the pill's short price, the count. */
export function useMapLabels() {
  const { t, intl } = useI18n();
  const f = useFormat();
  const short = (price: number) =>
    intl.formatNumber(price, { style: "currency", currency: "EUR", notation: "compact", maximumFractionDigits: 1 });
  return {
    cluster: (count: number) => t("map.cluster", { count }),
    // The name starts with the pill's visible short price (WCAG 2.5.3, label in name), then the full one.
    listing: (price: number) => t("map.listing", { short: short(price), price: f.price(price) }),
    short,
    count: (count: number) => t("map.count", { count }),
  };
}

/**
 * A marker's popup: the listing's card as the list shows it (decision 044), fetched when the popup opens
 * (the map's features carry only id, position and price). The card's link leads to the listing.
 */
export function ListingPopup({ id, onLoaded }: { id: number; onLoaded?: () => void }) {
  const { t, locale } = useI18n();
  const [listing, setListing] = useState<ApiListing | null | undefined>(undefined);
  const [now] = useState(() => Date.now());
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    void browserApi(locale)
      .then((api) => api.listingsByIds([id]))
      .then((result) => {
        const item = result.ok ? result.data.items.find((entry) => entry.id === id) : undefined;
        if (live) setListing(item ?? null);
      })
      .catch(() => live && setListing(null));
    return () => {
      live = false;
    };
  }, [id, locale]);
  useEffect(() => {
    if (listing === undefined) return;
    onLoaded?.();
    // Keyboard users land on the card's link (Escape closes the popup).
    box.current?.querySelector<HTMLElement>("h3 a")?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listing]);
  return (
    <div ref={box} data-testid="map-popup">
      {listing ? (
        <ListingCard listing={listing} now={now} headingLevel={3} />
      ) : (
        <p className={styles.status} role="status">
          {listing === null ? t("map.popupFailed") : t("map.popupLoading")}
        </p>
      )}
    </div>
  );
}
