// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { RELOAD_GUARD_MS } from "#shared/constants.ts";
import { isFailedImport, reloadOnFailedChunks } from "./chunk-reload.ts";

let reload: Mock<() => void>;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z") });
  sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(location, "reload").mockImplementation(reload);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const rejection = (reason: unknown) => Object.assign(new Event("unhandledrejection"), { reason });

describe("reloadOnFailedChunks", () => {
  it("knows each browser's failed dynamic import", () => {
    expect(
      isFailedImport(new TypeError("Failed to fetch dynamically imported module: https://k.test/assets/a-1.js")),
    ).toBe(true);
    expect(
      isFailedImport(new TypeError("error loading dynamically imported module: https://k.test/assets/a-1.js")),
    ).toBe(true);
    expect(isFailedImport(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isFailedImport(new Error("Network request failed"))).toBe(false);
    expect(isFailedImport(undefined)).toBe(false);
  });

  it("does not reload offline (the chunk is missing for want of a network)", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    stop = reloadOnFailedChunks();
    dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")));
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads once on Vite's preload error, however often it shows", () => {
    stop = reloadOnFailedChunks();
    dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    dispatchEvent(rejection(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("reloads on an unhandled failed import, not on other rejections", () => {
    stop = reloadOnFailedChunks();
    dispatchEvent(rejection(new Error("boom")));
    expect(reload).not.toHaveBeenCalled();
    dispatchEvent(rejection(new TypeError("Importing a module script failed.")));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("does not reload again within 10 s of the last reload (a page that fails again stays)", () => {
    stop = reloadOnFailedChunks();
    dispatchEvent(new Event("vite:preloadError"));
    stop();
    // The reloaded page, a moment later: the chunk is still missing.
    vi.advanceTimersByTime(2000);
    stop = reloadOnFailedChunks();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledOnce();
    // Much later, a new failure (another deploy) may reload again.
    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    stop();
    stop = reloadOnFailedChunks();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("stops listening when told", () => {
    reloadOnFailedChunks()();
    dispatchEvent(new Event("vite:preloadError"));
    expect(reload).not.toHaveBeenCalled();
  });
});
