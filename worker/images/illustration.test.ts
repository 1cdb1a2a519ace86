import { describe, expect, it } from "vitest";
import { renderIllustration, type IllustrationType } from "./illustration.ts";

const TYPES: IllustrationType[] = ["apartment", "house", "land", "investment", "commercial", "other"];
const SIZES = [
  [1200, 800],
  [1024, 768],
  [800, 1200],
  [1600, 1067],
] as const;

describe("renderIllustration", () => {
  it("is deterministic and depends on the seed", () => {
    const input = { seed: 12345, width: 1200, height: 800, type: "house" as const };
    expect(renderIllustration(input)).toBe(renderIllustration(input));
    expect(renderIllustration({ ...input, seed: 12346 })).not.toBe(renderIllustration(input));
  });

  it("stays small, sized and well-formed for every type, size and position", () => {
    for (const type of TYPES) {
      for (const [width, height] of SIZES) {
        for (let seed = 1; seed < 200; seed++) {
          const svg = renderIllustration({ seed: seed * 2654435761, width, height, type, position: seed % 4 });
          expect(svg.length).toBeLessThan(4096);
          expect(
            svg.startsWith(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
            ),
          ).toBe(true);
          expect(svg.endsWith("</svg>")).toBe(true);
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
          // Every element is closed: self-closing or paired.
          const opened = svg.match(/<(svg|defs|linearGradient|pattern)\b/g)?.length ?? 0;
          const closed = svg.match(/<\/(svg|defs|linearGradient|pattern)>/g)?.length ?? 0;
          expect(opened).toBe(closed);
        }
      }
    }
  });

  it("draws rooms for some later images of flats, never for the cover", () => {
    const covers = Array.from({ length: 50 }, (_, seed) =>
      renderIllustration({ seed, width: 1200, height: 800, type: "apartment", position: 0 }),
    );
    for (const svg of covers) expect(svg).toContain("linearGradient");
    const later = Array.from({ length: 50 }, (_, seed) =>
      renderIllustration({ seed, width: 1200, height: 800, type: "apartment", position: 1 }),
    );
    expect(later.some((svg) => !svg.includes("linearGradient"))).toBe(true);
  });
});
