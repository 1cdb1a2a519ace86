import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { makeIntl } from "#shared/intl.ts";
import { LOCALES } from "#shared/locales.ts";
import { textsFor, scopedTexts } from "./text-catalog.ts";

const SOURCES = { en, ru, sr } as Record<string, Record<string, string>>;

describe("textsFor", () => {
  it.each(LOCALES.map((l) => l.code))(
    "%s: text-only messages travel as their text, the others as their parsed tree",
    (locale) => {
      const messages = textsFor(locale);
      let texts = 0;
      for (const [id, source] of Object.entries(SOURCES[locale]!)) {
        const tree = parse(source);
        const message = messages[id];
        if (typeof message === "string") {
          texts++;
          expect(
            tree.every((el) => el.type === TYPE.literal),
            id,
          ).toBe(true);
          expect(message, id).toBe(tree.map((el) => (el.type === TYPE.literal ? el.value : "")).join(""));
        } else {
          expect(message, id).toEqual(tree);
        }
      }
      // Most messages are plain text: that is the point of sending them as strings.
      expect(texts / Object.keys(messages).length).toBeGreaterThan(0.6);
    },
  );

  it("formats a text-only message as itself, with or without values", () => {
    const intl = makeIntl("en", textsFor("en"));
    const id = Object.entries(textsFor("en")).find(([, m]) => typeof m === "string")![0];
    expect(intl.formatMessage({ id })).toBe(textsFor("en")[id]);
    expect(intl.formatMessage({ id }, { unused: 1 })).toBe(textsFor("en")[id]);
  });

  it("scopes are subsets of the whole", () => {
    const all = textsFor("sr");
    for (const [id, message] of Object.entries(scopedTexts("sr", ["site", "nav"]))) expect(message).toBe(all[id]);
  });
});
