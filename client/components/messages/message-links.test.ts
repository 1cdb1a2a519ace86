import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagePieces } from "./message-links.ts";

const joined = (text: string) =>
  messagePieces(text)
    .map((piece) => piece.text)
    .join("");
const links = (text: string) => messagePieces(text).flatMap((piece) => ("href" in piece ? [piece] : []));

describe("messagePieces", () => {
  it("keeps text without addresses as one piece, and an empty text as none", () => {
    expect(messagePieces("Is the flat still free?\nCall me: +381 64 123 4567")).toEqual([
      { text: "Is the flat still free?\nCall me: +381 64 123 4567" },
    ]);
    expect(messagePieces("")).toEqual([]);
  });

  it("makes http and https addresses links, the text around them kept", () => {
    expect(messagePieces("See https://example.rs/flat?id=7#map and http://kvadrat.test/ too")).toEqual([
      { text: "See " },
      { text: "https://example.rs/flat?id=7#map", href: "https://example.rs/flat?id=7#map" },
      { text: " and " },
      { text: "http://kvadrat.test/", href: "http://kvadrat.test/" },
      { text: " too" },
    ]);
    expect(messagePieces("HTTPS://Example.RS/A")).toEqual([
      { text: "HTTPS://Example.RS/A", href: "https://example.rs/A" },
    ]);
  });

  it("leaves a sentence's punctuation and brackets out of the address", () => {
    expect(links("Look at https://example.rs/a.")).toEqual([
      { text: "https://example.rs/a", href: "https://example.rs/a" },
    ]);
    expect(links("(see https://example.rs/b), then")).toEqual([
      { text: "https://example.rs/b", href: "https://example.rs/b" },
    ]);
    expect(links("https://en.wikipedia.org/wiki/Novi_Sad_(city)!")[0]?.text).toBe(
      "https://en.wikipedia.org/wiki/Novi_Sad_(city)",
    );
    expect(links("<https://example.rs/c>")[0]?.text).toBe("https://example.rs/c");
    expect(links('"https://example.rs/d"')[0]?.text).toBe("https://example.rs/d");
  });

  it("links nothing but web addresses with a host", () => {
    for (const text of [
      "javascript:alert(1)",
      '<a href="javascript:alert(1)">x</a>',
      "<a href=javascript:alert(1)>click</a>",
      "data:text/html,<script>alert(1)</script>",
      "ftp://example.rs/file",
      "mailto:ana@example.rs",
      "http://",
      "https:// example.rs",
      "www.example.rs",
      "xhttps://example.rs",
    ]) {
      expect(links(text), text).toEqual([]);
      expect(joined(text), text).toBe(text);
    }
  });

  it("links the address inside markup as text, never the markup", () => {
    const text = '<a href="https://evil.example/x" onclick="steal()">https://example.rs</a><script>alert(1)</script>';
    expect(links(text)).toEqual([
      { text: "https://evil.example/x", href: "https://evil.example/x" },
      { text: "https://example.rs", href: "https://example.rs/" },
    ]);
    expect(joined(text)).toBe(text);
  });

  it("gives back the text it was given, whatever it is, and only http(s) links", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.webUrl({ withQueryParameters: true, withFragments: true }),
            fc.constantFrom("https://", "http://x", " ", "\n", ").", "<", ">", "(", "javascript:"),
          ),
        ),
        (parts) => {
          const text = parts.join("");
          const pieces = messagePieces(text);
          expect(pieces.map((piece) => piece.text).join("")).toBe(text);
          for (const piece of pieces) {
            expect(piece.text.length).toBeGreaterThan(0);
            if ("href" in piece) expect(piece.href).toMatch(/^https?:\/\/[^/]/);
          }
        },
      ),
    );
  });
});
