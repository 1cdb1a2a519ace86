import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { makeIntl, type Messages, packMessages, unpackMessages } from "./intl.ts";

describe("packed messages", () => {
  const messages: Messages = {
    plain: "Find your home",
    "with.value": parse("{count, plural, one {# listing} other {# listings}}"),
  };

  it("travel as one string and read back as the same messages", () => {
    const packed = packMessages(messages);
    expect(typeof packed).toBe("string");
    const intl = makeIntl("en", unpackMessages(packed));
    expect(intl.formatMessage({ id: "plain" })).toBe("Find your home");
    expect(intl.formatMessage({ id: "with.value" }, { count: 2 })).toBe("2 listings");
  });

  it("give the same object for the same text, so what is built from them can be kept", () => {
    const packed = packMessages(messages);
    expect(unpackMessages(packed)).toBe(unpackMessages(`${packed}` as typeof packed));
    expect(unpackMessages(packMessages({ other: "x" }))).not.toBe(unpackMessages(packed));
  });
});
