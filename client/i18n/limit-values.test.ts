import { expect, it } from "vitest";
import { limitValues } from "./limit-values.ts";

it("gives a message its values", () => {
  expect(limitValues({ minLength: 10, maxLength: 2000 })).toEqual({ min: 10, max: 2000 });
  expect(limitValues({ minValue: -5, maxValue: 200 })).toEqual({ min: -5, max: 200 });
});
