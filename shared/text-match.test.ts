import { expect, it } from "vitest";
import { fold, matchesPrefix } from "./text-match.ts";

it("folds case, diacritics, đ and punctuation", () => {
  expect(fold("Niš")).toBe("nis");
  expect(fold("Vračar")).toBe("vracar");
  expect(fold("Đerdap")).toBe("djerdap");
  expect(fold("Нови-Сад")).toBe("нови сад");
  expect(fold("  Stari   Grad! ")).toBe("stari grad");
});

it("matches a prefix of the name or of one of its words", () => {
  expect(matchesPrefix("Novi Sad", "novi")).toBe("start");
  expect(matchesPrefix("Novi Sad", "sad")).toBe("word");
  expect(matchesPrefix("Нови-Сад", "сад")).toBe("word");
  expect(matchesPrefix("Beograd", "sad")).toBeNull();
});
