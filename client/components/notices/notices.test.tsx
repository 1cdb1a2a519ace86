// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { textsFor } from "#shared/text-catalog.ts";

const en = textsFor("en");
import { I18nProvider } from "#client/i18n/intl.tsx";
import { NOTICE_TIMEOUT_MS, TOUCH_CLOSE_TOLERANCE_PX } from "#shared/constants.ts";
import { type NoticeInput, NoticesProvider, useNotices } from "./notices.tsx";

let push: (notice: NoticeInput) => string;

function Capture() {
  const notices = useNotices();
  useEffect(() => {
    push = notices.push;
  });
  return null;
}

function setup() {
  render(
    <I18nProvider locale="en" texts={en}>
      <NoticesProvider>
        <Capture />
      </NoticesProvider>
    </I18nProvider>,
  );
}

/** Pushes a notice and lets the list (loaded with the first notice) render it. */
async function show(notice: NoticeInput) {
  await act(async () => void push(notice));
}

function swipe(element: Element, dx: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: 100 + dx, clientY: 100 }] });
}

describe("notices (product §3 Notice, §9 timings)", () => {
  // The list loads with the first notice; loaded once here, it renders within the pushing act().
  beforeAll(() => import("./notice-list.tsx"));
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("renders nothing until there is a notice, and nothing once the last one has closed", async () => {
    setup();
    expect(screen.queryByRole("region")).toBeNull();
    await show({ type: "info", text: "Saved", timeout: 0 });
    expect(screen.getByRole("region", { name: "Notifications" })).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("shows a notice with its type and closes it after 5000 ms", async () => {
    setup();
    await show({ type: "error", text: "Требуется авторизация" });
    const notice = screen.getByRole("alert");
    expect(notice.textContent).toContain("Требуется авторизация");
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS - 1));
    expect(screen.queryByRole("alert")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps a notice with timeout 0 until it is closed, by its button", async () => {
    setup();
    await show({ type: "info", text: "Saved", timeout: 0 });
    act(() => vi.advanceTimersByTime(60_000));
    const status = screen.getByRole("status");
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(status.isConnected).toBe(false);
  });

  it("a notice pushed again with the same id replaces the first", async () => {
    setup();
    await show({ id: "net", type: "warning", text: "one" });
    await show({ id: "net", type: "warning", text: "two" });
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toContain("two");
  });

  it(`closes on a swipe wider than ${TOUCH_CLOSE_TOLERANCE_PX} px, not on a shorter one`, async () => {
    setup();
    await show({ type: "error", text: "Swipe me", timeout: 0 });
    swipe(screen.getByRole("alert"), TOUCH_CLOSE_TOLERANCE_PX);
    expect(screen.queryByRole("alert")).not.toBeNull();
    swipe(screen.getByRole("alert"), TOUCH_CLOSE_TOLERANCE_PX + 1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("pauses the timeout while hovered", async () => {
    setup();
    await show({ type: "error", text: "Read me" });
    fireEvent.mouseEnter(screen.getByRole("alert"));
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS * 2));
    expect(screen.queryByRole("alert")).not.toBeNull();
    fireEvent.mouseLeave(screen.getByRole("alert"));
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
