import { type ComponentType, lazy } from "react";

/** The server's loads of lazy components under way. */
const serverLoads = new Set<Promise<void>>();

/**
 * Settles when the lazy components' modules the server started loading have loaded: a test that imports a
 * page module waits for them before its module environment ends (tests/unit-setup.ts).
 */
export const lazyComponentsLoaded = () => Promise.allSettled([...serverLoads]);

/**
 * `React.lazy` that the server renders in place. The browser loads the component's chunk when it first
 * renders it; on the server a lazy component suspends on its first render, and a boundary that
 * suspends leaves the shell as a hidden fragment that a script moves into place — without JavaScript it
 * never shows (decision 037). So the server loads the module when the worker starts and renders it
 * directly from then on; while hydrating, the browser keeps that HTML until the chunk has arrived.
 * Put it inside a `<Suspense>` boundary of its own where it is not on every page's critical path.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  if (!import.meta.env.SSR) return Lazy;
  let loaded: ComponentType<P> | undefined;
  const loading = load().then((module) => {
    loaded = module.default;
  });
  serverLoads.add(loading);
  void loading.finally(() => serverLoads.delete(loading));
  return function ServerRendered(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
}
