import { expect, it } from "vitest";
import { nextActive } from "./combobox.ts";

it("nextActive: Down from none is the first, Up the last; each moves one and wraps; none in an empty list", () => {
  expect(nextActive(-1, 1, 3)).toBe(0);
  expect(nextActive(-1, -1, 3)).toBe(2);
  expect(nextActive(0, 1, 3)).toBe(1);
  expect(nextActive(2, 1, 3)).toBe(0);
  expect(nextActive(0, -1, 3)).toBe(2);
  expect(nextActive(5, 1, 3)).toBe(0);
  expect(nextActive(0, 1, 0)).toBe(-1);
});
