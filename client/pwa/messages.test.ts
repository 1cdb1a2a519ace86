// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { fillIn, pageLocale, type PwaMessageId, translator } from "./messages.ts";
import { TEST_CATALOG } from "./test-messages.ts";

const IDS: PwaMessageId[] = ["close", "needRefresh", "offlineCopy", "offlineReady", "reload", "savedCopy"];

afterEach(() => {
  document.documentElement.lang = "";
});

describe("pwa messages", () => {
  it("exist in every language for every id the page side uses, and no others", () => {
    for (const [locale, messages] of Object.entries(TEST_CATALOG))
      expect(Object.keys(messages).sort(), locale).toEqual(IDS.map((id) => `pwa.${id}`).sort());
  });

  it("use nothing but text and plain {arguments} (the bundle has no ICU runtime)", () => {
    for (const [locale, messages] of Object.entries(TEST_CATALOG))
      for (const [id, text] of Object.entries(messages))
        for (const element of parse(text))
          expect([TYPE.literal, TYPE.argument], `${locale} ${id}`).toContain(element.type);
  });

  it("come in the page's language, English when it is unknown", () => {
    document.documentElement.lang = "ru";
    expect(pageLocale()).toBe("ru");
    expect(translator(TEST_CATALOG, pageLocale())("reload")).toBe(ru["pwa.reload"]);
    expect(translator(TEST_CATALOG, "sr")("reload")).toBe(sr["pwa.reload"]);
    document.documentElement.lang = "de";
    expect(pageLocale()).toBe("en");
    expect(translator({ en: TEST_CATALOG.en, ru: {}, sr: {} }, "ru")("reload")).toBe(en["pwa.reload"]);
  });

  it("fill in their arguments", () => {
    expect(translator(TEST_CATALOG, "en")("offlineCopy", { date: "1 March 2026" })).toBe(
      "You are offline. This copy was saved on 1 March 2026; prices and availability may have changed.",
    );
    expect(fillIn("{a} and {b}", { a: "x" })).toBe("x and {b}");
  });
});
