import { expect, it } from "vitest";
import { cyrillicToLatin } from "./cyrillic-latin.ts";

it("writes Serbian Cyrillic in Serbian Latin, digraphs capitalised as words begin", () => {
  expect(cyrillicToLatin("Његошева 5, Љубовија, Џиновић, Ђурђевдан")).toBe(
    "Njegoševa 5, Ljubovija, Džinović, Đurđevdan",
  );
  expect(cyrillicToLatin("Knez Mihailova")).toBe("Knez Mihailova");
});

it("writes the Russian letters Serbian has not in its Latin spelling", () => {
  expect(cyrillicToLatin("Недвижимость «Дом», Щёлково, Юлия, Ясный, Эра, Объект")).toBe(
    "Nedvižimost «Dom», Ščelkovo, Julija, Jasnyj, Era, Obekt",
  );
});
