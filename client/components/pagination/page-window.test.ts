import { expect, it } from "vitest";
import { pageWindow } from "./page-window.ts";

it("shows the first, the last and the neighbours of the current page, with gaps", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(1, 2)).toEqual([1, 2]);
  expect(pageWindow(1, 10)).toEqual([1, 2, "gap", 10]);
  expect(pageWindow(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
  expect(pageWindow(10, 10)).toEqual([1, "gap", 9, 10]);
});

it("shows a single left-out page instead of a gap", () => {
  expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
  expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

it("ends at the next page when the last is not known", () => {
  expect(pageWindow(1, null)).toEqual([1, 2]);
  expect(pageWindow(6, null)).toEqual([1, "gap", 5, 6, 7]);
});
