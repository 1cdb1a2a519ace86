import { useNavigation } from "react-router";
import styles from "./navigation-progress.module.css";

/**
 * A thin bar along the top while a client-side navigation loads its data. It appears only
 * after a short delay, so quick navigations do not flash it; fetchers (favourites, forms in the
 * background) do not move it. Screen readers learn the same from `aria-busy` on the main region.
 */
export function NavigationProgress() {
  const busy = useNavigationBusy();
  return <div className={styles.bar} data-active={busy ? "" : undefined} aria-hidden="true" />;
}

/** Whether a navigation (not a fetcher) is loading. */
export function useNavigationBusy(): boolean {
  return useNavigation().state !== "idle";
}
