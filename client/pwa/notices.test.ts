// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeNotice, resetNotices, showNotice } from "./notices.ts";

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = "";
  document.body.innerHTML = "<main><button>page</button></main>";
  resetNotices();
});
afterEach(() => {
  vi.useRealTimers();
});

const notice = (id: string) => document.querySelector<HTMLElement>(`[data-notice="${id}"]`);

describe("notices", () => {
  it("fills a polite live region made a moment before, after the page's own content", () => {
    showNotice({ id: "ready", text: "Ready to work offline.", closeLabel: "Close" });
    const region = document.querySelector('[role="status"]')!;
    expect(region).not.toBeNull();
    expect(region.textContent).toBe("");
    vi.advanceTimersByTime(100);
    expect(region.querySelector("p")!.textContent).toBe("Ready to work offline.");
    expect(document.body.lastElementChild!.className).toBe("pwa-notices");
    expect(document.querySelectorAll("style")).toHaveLength(1);
  });

  it("puts an update in the alert region with its action, and never moves focus", () => {
    const page = document.querySelector<HTMLButtonElement>("main button")!;
    page.focus();
    const run = vi.fn();
    showNotice({
      id: "update",
      text: "A new version",
      closeLabel: "Close",
      urgent: true,
      action: { label: "Reload", run },
    });
    vi.advanceTimersByTime(100);
    const element = document.querySelector('[role="alert"] [data-notice="update"]')!;
    const buttons = [...element.querySelectorAll("button")];
    expect(buttons.map((b) => [b.type, b.textContent, b.getAttribute("aria-label")])).toEqual([
      ["button", "Reload", null],
      ["button", "×", "Close"],
    ]);
    expect(document.activeElement).toBe(page);
    buttons[0]!.click();
    expect(run).toHaveBeenCalledOnce();
  });

  it("closes with its button, with Escape, by id, and a second of the same id replaces the first", () => {
    showNotice({ id: "a", text: "one", closeLabel: "Close" });
    showNotice({ id: "a", text: "two", closeLabel: "Close" });
    vi.advanceTimersByTime(100);
    expect(document.querySelectorAll('[data-notice="a"]')).toHaveLength(1);
    expect(notice("a")!.textContent).toContain("two");
    notice("a")!.querySelector<HTMLButtonElement>(".pwa-close")!.click();
    expect(notice("a")).toBeNull();

    showNotice({ id: "b", text: "b", closeLabel: "Close" });
    vi.advanceTimersByTime(100);
    notice("b")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(notice("b")).toBeNull();

    showNotice({ id: "c", text: "c", closeLabel: "Close" });
    closeNotice("c");
    vi.advanceTimersByTime(100);
    expect(notice("c")).toBeNull();
  });

  it("closes by itself after its time, but not while the pointer or focus is on it", () => {
    showNotice({ id: "t", text: "t", closeLabel: "Close", timeoutMs: 5000 });
    vi.advanceTimersByTime(4000);
    notice("t")!.dispatchEvent(new Event("pointerenter"));
    vi.advanceTimersByTime(10_000);
    expect(notice("t")).not.toBeNull();
    notice("t")!.dispatchEvent(new Event("pointerleave"));
    vi.advanceTimersByTime(4999);
    expect(notice("t")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(notice("t")).toBeNull();
  });
});
