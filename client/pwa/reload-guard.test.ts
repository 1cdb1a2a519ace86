// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { RELOAD_GUARD_MS } from "#shared/constants.ts";
import { reloadOnce } from "./reload-guard.ts";

let reload: Mock<() => void>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z") });
  sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(location, "reload").mockImplementation(reload);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("reloadOnce", () => {
  it("reloads the first time", () => {
    expect(reloadOnce("test")).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("refuses a second automatic reload within 10 s, also after the reload (sessionStorage)", () => {
    expect(reloadOnce("update")).toBe(true);
    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1);
    expect(reloadOnce("chunk")).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("allows one again once 10 s have passed", () => {
    expect(reloadOnce("update")).toBe(true);
    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    expect(reloadOnce("update")).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // And the refused window starts again from the second one.
    vi.advanceTimersByTime(1000);
    expect(reloadOnce("update")).toBe(false);
  });

  it("is not blocked by a time in the future (clock set back)", () => {
    sessionStorage.setItem("pwa-reloaded-at", String(Date.now() + 60_000));
    expect(reloadOnce("update")).toBe(true);
  });

  it("does not reload when storage is unavailable (the guard could not hold)", () => {
    vi.stubGlobal("sessionStorage", {
      getItem() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(reloadOnce("chunk")).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("guards another automatic load (the offline page going back) by the same rule", () => {
    const load = vi.fn();
    expect(reloadOnce("back online", load)).toBe(true);
    expect(reloadOnce("update")).toBe(false);
    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    expect(reloadOnce("back online", load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });
});
