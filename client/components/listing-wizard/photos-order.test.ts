import { describe, expect, it } from "vitest";
import { makeCover, moveBy, moveTo, reinsert } from "./photos-order.ts";

describe("photo order", () => {
  it("moves a photo earlier and later, and not past either end", () => {
    expect(moveBy([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    const ids = [1, 2, 3];
    expect(moveBy(ids, 1, -1)).toBe(ids);
    expect(moveBy(ids, 3, 1)).toBe(ids);
    expect(moveBy(ids, 9, 1)).toBe(ids);
  });

  it("moves to any position and makes a cover", () => {
    expect(moveTo([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2, 3, 4], 3, -5)).toEqual([4, 1, 2, 3]);
    expect(makeCover([1, 2, 3], 3)).toEqual([3, 1, 2]);
  });

  it("puts a removed photo back where it was", () => {
    expect(reinsert([1, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(reinsert([1, 3], 2, 10)).toEqual([1, 3, 2]);
    expect(reinsert([1, 2, 3], 2, 0)).toEqual([2, 1, 3]);
  });
});
