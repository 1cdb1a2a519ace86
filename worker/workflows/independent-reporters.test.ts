import { describe, expect, it } from "vitest";
import { independentReporters } from "./independent-reporters.ts";

describe("independentReporters", () => {
  it("counts reporters with networks of their own, each once", () => {
    expect(independentReporters([["a"], ["b"], ["c"]], 3)).toBe(3);
    expect(
      independentReporters(
        [
          ["a", "x"],
          ["b", "y"],
          ["c", "z"],
          ["d", "w"],
        ],
        3,
      ),
    ).toBe(3);
    expect(independentReporters([], 3)).toBe(0);
  });

  it("counts accounts signed up from one network once, wherever they report from", () => {
    expect(
      independentReporters(
        [
          ["s", "a"],
          ["s", "b"],
          ["s", "c"],
        ],
        3,
      ),
    ).toBe(1);
    expect(
      independentReporters(
        [
          ["s", "a"],
          ["s", "b"],
          ["t", "c"],
        ],
        3,
      ),
    ).toBe(2);
  });

  it("counts accounts reporting from one network once, wherever they signed up", () => {
    expect(
      independentReporters(
        [
          ["p", "r"],
          ["q", "r"],
          ["o", "r"],
        ],
        3,
      ),
    ).toBe(1);
  });

  it("finds the largest disjoint set, not the first one met", () => {
    expect(
      independentReporters(
        [
          ["a", "b"],
          ["a", "c"],
          ["b", "d"],
          ["c", "e"],
        ],
        3,
      ),
    ).toBe(2);
    // Taking the first reporter leaves only one more; leaving it out leaves three.
    expect(independentReporters([["a", "b"], ["a"], ["b"], ["c"]], 3)).toBe(3);
    // Each network shared by two: no three are independent, though there are three of each kind.
    expect(
      independentReporters(
        [
          ["x", "p"],
          ["y", "p"],
          ["z", "q"],
          ["z", "r"],
        ],
        3,
      ),
    ).toBe(2);
  });

  it("stops at enough", () => {
    const many = Array.from({ length: 200 }, (_, i) => [`n${i}`]);
    expect(independentReporters(many, 3)).toBe(3);
  });
});
