import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { makeIntl, type Texts, packTexts, unpackTexts } from "./intl.ts";

describe("packed messages", () => {
  const messages: Texts = {
    plain: "Find your home",
    "with.value": parse("{count, plural, one {# listing} other {# listings}}"),
  };

  it("travel as one string and read back as the same messages", () => {
    const packed = packTexts(messages);
    expect(typeof packed).toBe("string");
    const intl = makeIntl("en", unpackTexts(packed));
    expect(intl.formatMessage({ id: "plain" })).toBe("Find your home");
    expect(intl.formatMessage({ id: "with.value" }, { count: 2 })).toBe("2 listings");
  });

  it("give the same object for the same text, so what is built from them can be kept", () => {
    const packed = packTexts(messages);
    expect(unpackTexts(packed)).toBe(unpackTexts(`${packed}` as typeof packed));
    expect(unpackTexts(packTexts({ other: "x" }))).not.toBe(unpackTexts(packed));
  });
});
