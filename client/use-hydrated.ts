import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and the browser hydrates that HTML, true from then on (and at once
 * for what mounts later): for parts that only work with JavaScript, rendered plain before.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
