import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { makeIntl } from "#shared/intl.ts";
import { LOCALES } from "#shared/locales.ts";
import { messagesFor, scopedMessages } from "./message-catalog.ts";

const SOURCES = { en, ru, sr } as Record<string, Record<string, string>>;

describe("messagesFor", () => {
  it.each(LOCALES.map((l) => l.code))(
    "%s: text-only messages travel as their text, the others as their parsed tree",
    (locale) => {
      const messages = messagesFor(locale);
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
    const intl = makeIntl("en", messagesFor("en"));
    const id = Object.entries(messagesFor("en")).find(([, m]) => typeof m === "string")![0];
    expect(intl.formatMessage({ id })).toBe(messagesFor("en")[id]);
    expect(intl.formatMessage({ id }, { unused: 1 })).toBe(messagesFor("en")[id]);
  });

  it("scopes are subsets of the whole", () => {
    const all = messagesFor("sr");
    for (const [id, message] of Object.entries(scopedMessages("sr", ["site", "nav"]))) expect(message).toBe(all[id]);
  });
});
