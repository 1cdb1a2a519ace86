import { describe, expect, it } from "vitest";
import { placeSlug, serbianLatinToRussian } from "./place-names.ts";

describe("serbianLatinToRussian (decision 056)", () => {
  it.each([
    ["Novi Sad", "Нови-Сад"],
    ["Sremska Mitrovica", "Сремска-Митровица"],
    ["Kragujevac", "Крагуевац"],
    ["Jagodina", "Ягодина"],
    ["Čačak", "Чачак"],
    ["Kraljevo", "Кралево"],
    ["Zrenjanin", "Зренянин"],
    ["Šabac", "Шабац"],
    ["Ćuprija", "Чуприя"],
    ["Aranđelovac", "Аранджеловац"],
    ["Ðurđevo", "Джурджево"],
    ["Elemir", "Элемир"],
    ["Ljig", "Лиг"],
    ["Šajkaš", "Шайкаш"],
    ["Bačka Palanka", "Бачка-Паланка"],
    ["Vrnjačka Banja", "Врнячка-Баня"],
    ["Džep", "Джеп"],
  ])("%s → %s", (latin, russian) => {
    expect(serbianLatinToRussian(latin)).toBe(russian);
  });

  it("agrees with most of the curated Russian names it is a fallback for", () => {
    for (const [latin, russian] of [
      ["Subotica", "Суботица"],
      ["Smederevo", "Смедерево"],
      ["Leskovac", "Лесковац"],
      ["Kruševac", "Крушевац"],
      ["Požarevac", "Пожаревац"],
      ["Valjevo", "Валево"],
    ])
      expect(serbianLatinToRussian(latin!)).toBe(russian);
  });
});

describe("placeSlug", () => {
  it.each([
    ["Beograd", "beograd"],
    ["Novi Sad", "novi-sad"],
    ["Vrnjačka Banja", "vrnjacka-banja"],
    ["Čukarica", "cukarica"],
    ["Aranđelovac", "arandjelovac"],
    ["Ðurđevo", "djurdjevo"],
    ["Lagja e Poshtme", "lagja-e-poshtme"],
    ["Sumulicë", "sumulice"],
    ["Tiszahegyes", "tiszahegyes"],
  ])("%s → %s", (name, slug) => {
    expect(placeSlug(name)).toBe(slug);
  });
});
