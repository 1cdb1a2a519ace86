import { describe, expect, it } from "vitest";
import { edgeCountry } from "./edge-country.ts";

const request = (cf: string | undefined, header: string | undefined) =>
  new Request("https://kvadrat.test/", {
    headers: header ? { "cf-ipcountry": header } : {},
    ...(cf ? { cf: { country: cf } } : {}),
  } as RequestInit);

describe("edgeCountry", () => {
  it("is the edge's country in production", () => {
    expect(edgeCountry(request("DE", "DE"), { ENVIRONMENT: "production" })).toBe("DE");
  });

  it("ignores workerd's placeholder country in development, reading only the header", () => {
    expect(edgeCountry(request("US", undefined), { ENVIRONMENT: "development" })).toBeUndefined();
    expect(edgeCountry(request("US", "RS"), { ENVIRONMENT: "development" })).toBe("RS");
  });

  it("is unknown for Cloudflare's unknown and Tor markers and for junk", () => {
    for (const value of ["XX", "T1", "rs", "SRB", ""]) {
      expect(
        edgeCountry(request(value || undefined, value || undefined), { ENVIRONMENT: "production" }),
      ).toBeUndefined();
    }
  });
});
