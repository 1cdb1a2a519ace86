import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import { englishOnPage, englishRuns, languageFindings, rawMessageIds } from "./page-language.ts";

describe("the page language check", () => {
  it("finds catalog ids shown as text, not other dotted words", () => {
    expect(rawMessageIds(["Show on the map", "map.show", "kvadrat.rs and 1.5 km", "(detail.gallery.next)"])).toEqual([
      "map.show",
      "detail.gallery.next",
    ]);
  });

  it("finds an English message on a Russian page, not its Russian text", () => {
    const heading = en["error.notFound.text"];
    expect(englishOnPage("ru", ["Заголовок", heading])).toContain(heading);
    expect(englishOnPage("ru", [ru["error.notFound.text"]])).toEqual([]);
    expect(englishOnPage("en", [heading])).toEqual([]);
  });

  it("finds the literal part of a message with a placeholder, not the placeholder's value", () => {
    expect(englishRuns("ru")).toContain("Try searching on our website:");
    const findings = languageFindings("sr", ["Try searching on our website: /x/"]);
    expect(findings).toEqual(['English on a sr page: "Try searching on our website:"']);
  });

  it("finds the Latin m² on a Russian page only", () => {
    expect(englishOnPage("ru", ["54 m²"])).toEqual(["m²"]);
    expect(englishOnPage("ru", ["54 м²"])).toEqual([]);
    expect(englishOnPage("sr", ["54 m²"])).toEqual([]);
  });

  it("passes a page whose texts are all in its language", () => {
    expect(languageFindings("ru", Object.values(ru))).toEqual([]);
  });
});
