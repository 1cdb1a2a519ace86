// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { favouritesNow, keepFavourites, keepFavouritesIfChanged } from "./favourites-keep.ts";

let postMessage: ReturnType<typeof vi.fn>;
let online: boolean;

function setCookie(value: string | null) {
  document.cookie = value === null ? "favourites=; Max-Age=0; Path=/" : `favourites=${value}; Path=/`;
}

beforeEach(() => {
  localStorage.clear();
  setCookie(null);
  postMessage = vi.fn();
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  vi.stubGlobal(
    "navigator",
    Object.assign(Object.create(navigator), { serviceWorker: { controller: { postMessage } } }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("keepFavouritesIfChanged", () => {
  it("reads the guest's favourites from their cookie", () => {
    document.cookie = "other=1; Path=/";
    setCookie("12.7.x.7");
    expect(favouritesNow()).toBe("12.7");
  });

  it("asks the worker to keep the favourites page in the page's language when the list changed", () => {
    setCookie("12.7");
    expect(keepFavouritesIfChanged("sr")).toBe(true);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: "KEEP_PAGE", url: "/sr/favourites/" });
    // Unchanged: nothing more.
    expect(keepFavouritesIfChanged("sr")).toBe(false);
    setCookie("9.12.7");
    expect(keepFavouritesIfChanged("en")).toBe(true);
    expect(postMessage).toHaveBeenLastCalledWith({ type: "KEEP_PAGE", url: "/favourites/" });
    // All removed: the kept page must say so too.
    setCookie(null);
    expect(keepFavouritesIfChanged("en")).toBe(true);
    expect(postMessage).toHaveBeenCalledTimes(3);
  });

  it("does not ask for a guest who never had favourites", () => {
    expect(keepFavouritesIfChanged("en")).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("does not ask offline or without a controlling worker, and asks later", () => {
    setCookie("5");
    online = false;
    expect(keepFavouritesIfChanged("en")).toBe(false);
    online = true;
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { serviceWorker: { controller: null } }));
    expect(keepFavouritesIfChanged("en")).toBe(false);
    vi.stubGlobal(
      "navigator",
      Object.assign(Object.create(navigator), { serviceWorker: { controller: { postMessage } } }),
    );
    expect(keepFavouritesIfChanged("en")).toBe(true);
  });

  it("checks again when the page is hidden (favourites toggled meanwhile)", () => {
    setCookie("5");
    const stop = keepFavourites("ru");
    expect(postMessage).toHaveBeenCalledOnce();
    setCookie("6.5");
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(postMessage).toHaveBeenLastCalledWith({ type: "KEEP_PAGE", url: "/ru/favourites/" });
    expect(postMessage).toHaveBeenCalledTimes(2);
    stop();
  });
});
