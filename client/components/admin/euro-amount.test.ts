import { expect, it } from "vitest";
import { centsOf, eurosOf } from "./euro-amount.ts";

it("reads euros as staff type them, and nothing else", () => {
  expect(centsOf("9.90")).toBe(990);
  expect(centsOf("9,9")).toBe(990);
  expect(centsOf(" 12 € ")).toBe(1200);
  expect(centsOf("0.05")).toBe(5);
  for (const bad of ["", "9.999", "-1", "1e3", "abc", "9.", ".5"]) expect(centsOf(bad), bad).toBeNull();
  expect(eurosOf(1490)).toBe("14.90");
});
