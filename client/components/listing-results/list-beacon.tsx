import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { countListingEvent } from "#client/api/statistics-beacon.ts";

const BEACON_CONCURRENCY = 2;

/**
 * Product §7 "Statistics": each listing shown counts one list view per page view, sent after hydration
 * once the browser is idle, a few at a time, as beacons (client/api/statistics-beacon.ts): leaving the page
 * does not cancel those under way.
 */
export default function ListBeacon({ lists }: { lists: { id: number }[][] }) {
  // The promoted block's listings and the results' (decision 067).
  const ids = lists.flat().map((listing) => listing.id);
  const location = useLocation();
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === location.key || ids.length === 0) return;
    sentFor.current = location.key;
    const queue = [...new Set(ids)];
    // Two at a time: the page's own navigations keep their connections.
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await countListingEvent(id, "list");
    };
    const send = () => {
      for (let i = 0; i < BEACON_CONCURRENCY; i++) void worker();
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(send, { timeout: 2000 });
    else setTimeout(send, 200);
  }, [location.key, ids]);
  return null;
}
