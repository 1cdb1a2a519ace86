import { describe, expect, it } from "vitest";
import { applyMask, formatAsYouType, formatWithCaret, mapCaret, resolveEdit } from "./as-you-type.ts";

/** Types text one character at a time at the end, formatting after each key like the widget. */
function typeOut(keys: string, country: string, mode: "auto" | "national" | "international" = "auto") {
  let text = "";
  let caret = 0;
  for (const key of keys) {
    const next = formatWithCaret(text.slice(0, caret) + key + text.slice(caret), caret + 1, country, mode);
    text = next.text;
    caret = next.caret;
  }
  return { text, caret };
}

describe("formatAsYouType", () => {
  it("formats national numbers as they are typed", () => {
    expect(typeOut("0612345678", "RS")).toEqual({ text: "061 2345678", caret: 11 });
    expect(typeOut("2133734253", "US")).toEqual({ text: "(213) 373-4253", caret: 14 });
    expect(formatAsYouType("021", "RS").text).toBe("021");
  });

  it("auto mode: '+' formats internationally and detects the country", () => {
    expect(formatAsYouType("+447400123456", "RS")).toEqual({ text: "+44 7400 123456", country: "GB" });
    expect(formatAsYouType("+", "RS")).toEqual({ text: "+" });
  });

  it("international mode adds the active country's calling code", () => {
    expect(formatAsYouType("0612345678", "RS", "international")).toEqual({ text: "+381 61 2345678", country: "RS" });
  });

  it("national mode writes the active country's international numbers nationally", () => {
    expect(formatAsYouType("+381612345678", "RS", "national")).toEqual({ text: "061 2345678", country: "RS" });
    // Another country's number stays international.
    expect(formatAsYouType("+447400123456", "RS", "national").text).toBe("+44 7400 123456");
  });

  it("leaves text with letters (an extension) as typed", () => {
    expect(formatAsYouType("061 2345678 ext 12", "RS").text).toBe("061 2345678 ext 12");
  });

  it("normalises digits of other scripts", () => {
    expect(formatAsYouType("٠٦١٢٣٤٥٦٧٨", "RS").text).toBe("061 2345678");
  });
});

describe("caret position while formatting", () => {
  it("stays after the digit it followed when a digit is inserted in the middle", () => {
    // "(213) 373-4253": insert "9" after "(21" → digits 2193734253…; caret after the 3rd digit.
    const before = "(213) 373-425";
    const typed = `${before.slice(0, 3)}9${before.slice(3)}`;
    const result = formatWithCaret(typed, 4, "US");
    expect(result.text).toBe("(219) 337-3425");
    expect(result.caret).toBe(4);
    expect(result.text.slice(0, result.caret)).toBe("(219");
  });

  it("jumps over a separator the formatter inserted", () => {
    // Typing the 4th digit of a US number: "(213)" + "3" → "(213) 3", caret after the new 3.
    const result = formatWithCaret("(213)3", 6, "US");
    expect(result).toEqual({ text: "(213) 3", caret: 7 });
  });

  it("keeps its place when digits are deleted in the middle", () => {
    // Delete the "3" of "373": "(213) 73-4253"
    const result = formatWithCaret("(213) 73-4253", 6, "US");
    expect(result.text).toBe("(213) 734-253");
    expect(result.caret).toBe(6);
    expect(result.text.slice(result.caret)).toBe("734-253");
  });

  it("counts from the end when the formatter changed the digits (mode international)", () => {
    const result = formatWithCaret("0612345678", 5, "RS", "international");
    expect(result.text).toBe("+381 61 2345678");
    // The caret was before "45678"; the national prefix went and the calling code came, it stays there.
    expect(result.text.slice(result.caret).replace(/\D/g, "")).toBe("45678");
  });

  it("mapCaret at the start and at the end", () => {
    expect(mapCaret("2133", 0, "(213) 3")).toBe(1);
    expect(mapCaret("2133", 4, "(213) 3")).toBe(7);
  });
});

describe("resolveEdit: deleting a formatting character deletes the digit beside it", () => {
  it("backspace over ')' removes the digit before it", () => {
    expect(resolveEdit("(213) 373", "(213 373", 4, "backward")).toEqual({ text: "(21 373", caret: 3 });
  });
  it("delete over a space removes the digit after it", () => {
    expect(resolveEdit("061 2345678", "0612345678", 3, "forward")).toEqual({ text: "061345678", caret: 3 });
  });
  it("an ordinary digit deletion is left as is", () => {
    expect(resolveEdit("061 2345678", "061 245678", 6, "backward")).toEqual({ text: "061 245678", caret: 6 });
  });
});

describe("applyMask (# digit, @ letter, * alphanumeric)", () => {
  it("writes literals between accepted characters and never past the input", () => {
    expect(applyMask("2133734253", 10, "(###) ###-####")).toEqual({ text: "(213) 373-4253", caret: 14 });
    expect(applyMask("213", 3, "(###) ###-####")).toEqual({ text: "(213", caret: 4 });
    expect(applyMask("", 0, "(###)")).toEqual({ text: "", caret: 0 });
  });
  it("# takes digits only, @ letters only, * both", () => {
    expect(applyMask("a1b2", 4, "##")).toEqual({ text: "12", caret: 2 });
    expect(applyMask("1a2b", 4, "@@")).toEqual({ text: "ab", caret: 2 });
    expect(applyMask("a-1_b", 5, "***")).toEqual({ text: "a1b", caret: 3 });
    expect(applyMask("ab12cd", 6, "@@-##-**")).toEqual({ text: "ab-12-cd", caret: 8 });
  });
  it("consumes typed literals and keeps the caret after the same character", () => {
    expect(applyMask("(213) 37", 8, "(###) ###-####").text).toBe("(213) 37");
    expect(applyMask("21937", 3, "(###) ###")).toEqual({ text: "(219) 37", caret: 4 });
  });
});
