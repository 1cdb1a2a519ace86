// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiImage } from "#shared/api/realty.ts";
import { I18nProvider } from "#client/i18n/intl.tsx";
import { textsFor } from "#shared/text-catalog.ts";
import { Gallery, indexForKey } from "./gallery.tsx";

const en = textsFor("en");

const IMAGES: ApiImage[] = Array.from({ length: 8 }, (_, i) => ({
  id: i + 1,
  url: `/images/listings/${i + 1}.svg`,
  width: 1200,
  height: 800,
  srcset: null,
  url_large: `/images/listings/${i + 1}.svg`,
}));

function setup(images = IMAGES) {
  const view = render(
    <I18nProvider locale="en" texts={en}>
      <Gallery images={images} label="Flat in Vračar" />
    </I18nProvider>,
  );
  const frame = screen.getByTestId("gallery-frame");
  const counter = () => screen.getByTestId("gallery-counter").textContent;
  return { view, frame, counter };
}

/** Scrolls the strip (a swipe is the browser's own scrolling) to `left` px of a 400 px wide frame. */
function scrollTo(frame: HTMLElement, left: number, { ended = false } = {}) {
  Object.defineProperty(frame, "clientWidth", { configurable: true, value: 400 });
  frame.scrollLeft = left;
  fireEvent.scroll(frame);
  if (ended) fireEvent(frame, new Event("scrollend"));
}

afterEach(cleanup);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe("gallery rules", () => {
  it("maps ←/→ (wrapping) and Home/End, and ignores other keys", () => {
    expect(indexForKey("ArrowRight", 7, 8)).toBe(0);
    expect(indexForKey("ArrowLeft", 0, 8)).toBe(7);
    expect(indexForKey("Home", 5, 8)).toBe(0);
    expect(indexForKey("End", 2, 8)).toBe(7);
    expect(indexForKey("a", 2, 8)).toBeNull();
  });
});

describe("<Gallery>", () => {
  it("loads the first photo eagerly with its size and the rest lazily, near ones ahead of time", () => {
    const { frame } = setup();
    const photos = [...frame.querySelectorAll("img")];
    expect(photos).toHaveLength(8);
    expect(photos[0]!.getAttribute("loading")).toBe("eager");
    expect(photos[0]!.getAttribute("fetchpriority")).toBe("high");
    expect(photos[0]!.getAttribute("width")).toBe("1200");
    expect(photos[0]!.getAttribute("height")).toBe("800");
    expect(photos[0]!.getAttribute("alt")).toBe("Flat in Vračar, photo 1 of 8");
    expect(photos[1]!.getAttribute("loading")).toBe("eager");
    expect(photos[5]!.getAttribute("loading")).toBe("lazy");
  });

  it("counts and turns with the arrow buttons, wrapping at both ends", () => {
    const { counter } = setup();
    expect(counter()).toBe("1 / 8");
    fireEvent.click(screen.getByRole("button", { name: "Next photo" }));
    fireEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(counter()).toBe("3 / 8");
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(counter()).toBe("8 / 8");
  });

  it("follows the keyboard: ←/→, Home, End", () => {
    const { frame, counter } = setup();
    fireEvent.keyDown(frame, { key: "ArrowRight" });
    expect(counter()).toBe("2 / 8");
    fireEvent.keyDown(frame, { key: "End" });
    expect(counter()).toBe("8 / 8");
    fireEvent.keyDown(frame, { key: "ArrowRight" });
    expect(counter()).toBe("1 / 8");
    fireEvent.keyDown(frame, { key: "ArrowLeft" });
    fireEvent.keyDown(frame, { key: "Home" });
    expect(counter()).toBe("1 / 8");
  });

  it("counts the photo the strip has scrolled to, snapped to the nearest (a swipe is native scrolling)", () => {
    const { frame, counter } = setup();
    scrollTo(frame, 800);
    expect(counter()).toBe("3 / 8");
    scrollTo(frame, 1300);
    expect(counter()).toBe("4 / 8");
  });

  it("does not run the counter through the photos a turn scrolls past, unless the scrolling stops there", async () => {
    const { frame, counter } = setup();
    fireEvent.keyDown(frame, { key: "End" });
    expect(counter()).toBe("8 / 8");
    scrollTo(frame, 400);
    expect(counter()).toBe("8 / 8");
    // A finger stopped the turn on photo 2: it stays there.
    scrollTo(frame, 400, { ended: true });
    await act(nextFrame);
    expect(counter()).toBe("2 / 8");
  });

  it("keeps a newer turn's photo when the scroll it took over ends on the way", async () => {
    const { frame, counter } = setup();
    fireEvent.keyDown(frame, { key: "End" });
    fireEvent.keyDown(frame, { key: "ArrowRight" });
    expect(counter()).toBe("1 / 8");
    fireEvent.click(screen.getByRole("button", { name: "Next photo" }));
    expect(counter()).toBe("2 / 8");
    // The first turn's scroll ends where the second took it over, and the second goes on moving.
    scrollTo(frame, 1200, { ended: true });
    frame.scrollLeft = 1000;
    await act(nextFrame);
    expect(counter()).toBe("2 / 8");
    fireEvent.click(screen.getByRole("button", { name: "Previous photo" }));
    expect(counter()).toBe("1 / 8");
  });

  it("is a scroll-snapping strip with or without JavaScript", () => {
    const { frame } = setup();
    expect(frame.getAttribute("tabindex")).toBe("0");
    expect(frame.querySelectorAll("li[aria-hidden]")).toHaveLength(0);
  });

  it("jumps to a photo from its thumbnail and marks it", () => {
    const { counter } = setup();
    const thumb = screen.getByRole("link", { name: "Show photo 5 of 8" });
    expect(thumb.getAttribute("href")).toBe("#photo-5");
    fireEvent.click(thumb);
    expect(counter()).toBe("5 / 8");
    expect(thumb.getAttribute("aria-current")).toBe("true");
  });

  it("opens full screen in a dialog (loaded on first use), browses there, and gives focus back when it closes", async () => {
    const { counter } = setup();
    expect(screen.queryByTestId("gallery-dialog")).toBeNull();
    const open = screen.getByRole("button", { name: "Full screen" });
    open.focus();
    fireEvent.click(open);
    const dialog = (await screen.findByTestId("gallery-dialog")) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(counter()).toBe("2 / 8");
    expect(dialog.querySelector("img")?.getAttribute("alt")).toBe("Flat in Vračar, photo 2 of 8");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Close" })));
    expect(screen.queryByTestId("gallery-dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("has no arrows or thumbnails for a single photo, and says so when there are none", () => {
    setup(IMAGES.slice(0, 1));
    expect(screen.queryByRole("button", { name: "Next photo" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Show photo/ })).toBeNull();
    cleanup();
    render(
      <I18nProvider locale="en" texts={en}>
        <Gallery images={[]} label="Flat" />
      </I18nProvider>,
    );
    expect(screen.getByText("No photos yet")).toBeTruthy();
  });
});
