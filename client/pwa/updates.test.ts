// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { Workbox } from "workbox-window";
import { BUILD_CHECK_FIRST_DELAY_MS } from "#shared/constants.ts";
import { resetNotices } from "./notices.ts";
import { testTranslate } from "./test-messages.ts";
import { watchUpdates } from "./updates.ts";

/** workbox-window's Workbox as the page sees it: lifecycle events, registration, update, skip waiting. */
class FakeWorkbox {
  listeners = new Map<string, ((event: object) => void)[]>();
  registration = { waiting: null as object | null, installing: null as object | null };
  register = vi.fn(async () => this.registration as unknown as ServiceWorkerRegistration);
  update = vi.fn(async () => {});
  messageSkipWaiting = vi.fn();
  addEventListener(type: string, listener: (event: object) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, props: object = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type, ...props });
  }
}

let wb: FakeWorkbox;
let reload: Mock<() => void>;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z") });
  document.head.innerHTML = '<meta name="build-id" content="aaaa1111">';
  document.body.innerHTML = "<main></main>";
  document.documentElement.lang = "en";
  resetNotices();
  localStorage.clear();
  sessionStorage.clear();
  wb = new FakeWorkbox();
  reload = vi.fn<() => void>();
  vi.spyOn(location, "reload").mockImplementation(reload);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const start = async (locale: "en" | "ru" = "en") => {
  stop = await watchUpdates(wb as unknown as Workbox, testTranslate(locale));
};
const notice = (id: string) => {
  vi.advanceTimersByTime(100);
  return document.querySelector<HTMLElement>(`[data-notice="${id}"]`);
};

describe("watchUpdates", () => {
  it("registers the worker", async () => {
    await start();
    expect(wb.register).toHaveBeenCalledOnce();
  });

  it("says once ever, politely, that the site is ready offline — on the first install only", async () => {
    await start();
    wb.fire("installed", { isUpdate: true });
    expect(notice("offline-ready")).toBeNull();
    wb.fire("installed", { isUpdate: false });
    const element = notice("offline-ready")!;
    expect(element.closest('[role="status"]')).not.toBeNull();
    expect(element.querySelector("p")!.textContent).toBe("Ready to work offline.");
    vi.advanceTimersByTime(5000);
    expect(notice("offline-ready")).toBeNull();
    // Another page, another day: not again.
    resetNotices();
    wb = new FakeWorkbox();
    await start();
    wb.fire("installed", { isUpdate: false });
    expect(notice("offline-ready")).toBeNull();
  });

  it("a waiting worker raises the update notice; Reload hands over and reloads once it controls", async () => {
    await start("ru");
    wb.registration.waiting = {};
    wb.fire("waiting", { isUpdate: true });
    const element = notice("update")!;
    expect(element.closest('[role="alert"]')).not.toBeNull();
    expect(element.querySelector("p")!.textContent).toBe("Доступна новая версия сайта.");
    element.querySelector<HTMLButtonElement>(".pwa-action")!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    wb.fire("controlling", { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
    // The fallback does not reload a second time.
    await vi.advanceTimersByTimeAsync(3000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("does not reload when another tab's update takes control", async () => {
    await start();
    wb.fire("controlling", { isUpdate: true, isExternal: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it("the hourly check's new build raises the notice and updates the worker; Reload with none waiting reloads", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ id: "bbbb2222" })),
    );
    await start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_FIRST_DELAY_MS - 1000);
    expect(notice("update")).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(wb.update).toHaveBeenCalledOnce();
    notice("update")!.querySelector<HTMLButtonElement>(".pwa-action")!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("Reload while the new worker is still installing waits for it, then hands over", async () => {
    const worker = Object.assign(new EventTarget(), { state: "installing" });
    wb.registration.installing = worker;
    await start();
    wb.fire("waiting", {});
    notice("update")!.querySelector<HTMLButtonElement>(".pwa-action")!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    worker.state = "installed";
    worker.dispatchEvent(new Event("statechange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
  });
});
