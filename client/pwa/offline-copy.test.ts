// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetNotices } from "./notices.ts";
import { savedCopyTime, showSavedCopyNotice } from "./offline-copy.ts";
import { testTranslate } from "./test-messages.ts";

let online: boolean;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '<meta name="offline-copy" content="2026-03-01T09:30:00.000Z">';
  document.body.innerHTML = "<main></main>";
  resetNotices();
  online = false;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const notice = () => {
  vi.advanceTimersByTime(100);
  return document.querySelector<HTMLElement>('[role="status"] [data-notice="saved-copy"]');
};

describe("the saved copy notice", () => {
  it("reads when the copy was saved", () => {
    expect(savedCopyTime()).toEqual(new Date("2026-03-01T09:30:00.000Z"));
    document.head.innerHTML = '<meta name="offline-copy" content="junk">';
    expect(savedCopyTime()).toBeNull();
  });

  it("says nothing on a page from the network", () => {
    document.head.innerHTML = "";
    stop = showSavedCopyNotice(testTranslate(), "en");
    expect(notice()).toBeNull();
  });

  it("offline: says so and when the copy was saved, in the page's language and date format", () => {
    stop = showSavedCopyNotice(testTranslate("en"), "en");
    const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" }).format(
      new Date("2026-03-01T09:30:00.000Z"),
    );
    expect(date).toContain("1 March 2026");
    expect(notice()!.querySelector("p")!.textContent).toBe(
      `You are offline. This copy was saved on ${date}; prices and availability may have changed.`,
    );
    expect(notice()!.querySelector(".pwa-action")).toBeNull();
    resetNotices();
    document.body.innerHTML = "";
    stop();
    stop = showSavedCopyNotice(testTranslate("ru"), "ru");
    expect(notice()!.textContent).toContain("Нет подключения к интернету. Эта копия сохранена 1 марта 2026");
  });

  it("online again: offers to reload", () => {
    const reload = vi.fn();
    vi.spyOn(location, "reload").mockImplementation(reload);
    stop = showSavedCopyNotice(testTranslate("sr"), "sr");
    online = true;
    dispatchEvent(new Event("online"));
    const element = notice()!;
    expect(element.querySelector("p")!.textContent).toMatch(/^Ovo je kopija stranice sačuvana 1\. mart/);
    const button = element.querySelector<HTMLButtonElement>(".pwa-action")!;
    expect(button.textContent).toBe("Osveži");
    button.click();
    expect(reload).toHaveBeenCalledOnce();
    expect(document.querySelectorAll('[data-notice="saved-copy"]')).toHaveLength(1);
  });
});
