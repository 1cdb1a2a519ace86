import { describe, expect, it } from "vitest";
import { medianScore } from "./lighthouse.ts";

describe("medianScore", () => {
  it("is the middle run's score, whatever order the runs came in", () => {
    expect(medianScore([93, 98, 97, 99, 99])).toBe(98);
    expect(medianScore([100, 99, 100, 97, 100])).toBe(100);
    expect(medianScore([99, 100])).toBe(99);
  });

  it("has no score when a run has none", () => {
    expect(medianScore([100, null, 100])).toBeNull();
    expect(medianScore([])).toBeNull();
  });
});
