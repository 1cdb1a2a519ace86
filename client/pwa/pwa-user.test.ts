// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepPwaUser, withPwaUser } from "./pwa-user.ts";

let standalone: boolean;
let stop: () => void;

beforeEach(() => {
  standalone = true;
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === "(display-mode: standalone)" && standalone,
  }));
  history.replaceState(null, "", "/");
});
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

const here = () => location.pathname + location.search;

describe("withPwaUser", () => {
  it("appends the flag, keeping the other parameters as written", () => {
    expect(withPwaUser("https://k.test/")).toBe("https://k.test/?pwa_user=yes");
    expect(withPwaUser("https://k.test/search/?where=Novi+Sad&rooms=2&rooms=3#map")).toBe(
      "https://k.test/search/?where=Novi+Sad&rooms=2&rooms=3&pwa_user=yes#map",
    );
  });

  it("leaves a single flag alone and makes a wrong or repeated one single", () => {
    expect(withPwaUser("https://k.test/?a=1&pwa_user=yes")).toBeNull();
    expect(withPwaUser("https://k.test/?pwa_user=no&a=1")).toBe("https://k.test/?pwa_user=yes&a=1");
    expect(withPwaUser("https://k.test/?pwa_user=yes&pwa_user=yes")).toBe("https://k.test/?pwa_user=yes");
  });
});

describe("keepPwaUser", () => {
  it("adds the flag in the installed app, without a reload and keeping the router's state", () => {
    history.replaceState({ key: "abc", idx: 3 }, "", "/buy/apartment/?rooms=2");
    const length = history.length;
    stop = keepPwaUser();
    expect(here()).toBe("/buy/apartment/?rooms=2&pwa_user=yes");
    expect(history.state).toEqual({ key: "abc", idx: 3 });
    expect(history.length).toBe(length);
  });

  it("does nothing in a browser tab", () => {
    standalone = false;
    history.replaceState(null, "", "/faq/");
    stop = keepPwaUser();
    expect(here()).toBe("/faq/");
    history.pushState({ key: "x" }, "", "/about/");
    expect(here()).toBe("/about/");
  });

  it("counts iOS's home-screen app as installed", () => {
    standalone = false;
    vi.stubGlobal("navigator", { ...navigator, standalone: true });
    stop = keepPwaUser();
    expect(here()).toBe("/?pwa_user=yes");
  });

  it("keeps a present flag single", () => {
    history.replaceState(null, "", "/?pwa_user=yes");
    stop = keepPwaUser();
    expect(here()).toBe("/?pwa_user=yes");
  });

  it("puts it back after client-side navigations (no Navigation API: the wrapped history)", () => {
    stop = keepPwaUser();
    history.pushState({ key: "k2" }, "", "/rent/house/?page=2");
    expect(here()).toBe("/rent/house/?page=2&pwa_user=yes");
    expect(history.state).toEqual({ key: "k2" });
    history.replaceState({ key: "k3" }, "", "/rent/house/?page=3");
    expect(here()).toBe("/rent/house/?page=3&pwa_user=yes");
    stop();
    history.pushState(null, "", "/faq/");
    expect(here()).toBe("/faq/");
  });

  it("puts it back on the Navigation API's navigatesuccess where there is one", () => {
    const navigation = new EventTarget();
    vi.stubGlobal("navigation", navigation);
    stop = keepPwaUser();
    history.pushState({ key: "k4" }, "", "/about/");
    navigation.dispatchEvent(new Event("navigatesuccess"));
    expect(here()).toBe("/about/?pwa_user=yes");
    expect(history.state).toEqual({ key: "k4" });
  });
});
