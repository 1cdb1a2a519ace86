import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, bytesToBase64Url } from "./base64.ts";

describe("base64", () => {
  it("agrees with Node's Buffer both ways, at any length", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = Buffer.from(bytes).toString("base64");
        expect(bytesToBase64(bytes)).toBe(text);
        expect([...base64ToBytes(text)]).toEqual([...bytes]);
        expect(bytesToBase64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      }),
    );
  });

  it("encodes more bytes than one call may spread (a profile picture)", () => {
    const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) & 0xff);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });

  it("base64url has no +, / or padding", () => {
    expect(bytesToBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe("-_-_");
    expect(bytesToBase64Url(Uint8Array.of(1))).toBe("AQ");
    expect(bytesToBase64(Uint8Array.of(1))).toBe("AQ==");
  });

  it("refuses text that is not base64", () => {
    expect(() => base64ToBytes("!!")).toThrow();
  });
});
