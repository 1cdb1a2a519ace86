import { describe, expect, it } from "vitest";
import { debugAllowed, debugRequest, isLoopbackAddress } from "./environment.ts";

const request = (headers: Record<string, string>) => new Request("https://kvadrat.test/", { headers });

describe("development knobs (decision 026)", () => {
  it("loopback is 127.0.0.0/8 and ::1", () => {
    for (const ip of ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) {
      expect(isLoopbackAddress(ip), ip).toBe(true);
    }
    for (const ip of ["10.0.0.1", "192.168.1.2", "128.0.0.1", "::2", "1.127.0.0.1", "unknown", ""]) {
      expect(isLoopbackAddress(ip), ip).toBe(false);
    }
  });

  it("apply only in development and from loopback (or with no address: a call inside the isolate)", () => {
    const dev = { ENVIRONMENT: "development" };
    expect(debugAllowed(dev, request({ "cf-connecting-ip": "127.0.0.1" }))).toBe(true);
    expect(debugAllowed(dev, request({}))).toBe(true);
    expect(debugAllowed(dev, request({ "cf-connecting-ip": "203.0.113.7" }))).toBe(false);
    expect(debugAllowed({ ENVIRONMENT: "production" }, request({ "cf-connecting-ip": "127.0.0.1" }))).toBe(false);
    expect(debugAllowed({}, request({}))).toBe(false);
    expect(debugRequest(dev, request({ "x-debug-now": "1" }))).toBe(true);
    expect(debugRequest(dev, request({ "x-debug-now": "1", "cf-connecting-ip": "203.0.113.7" }))).toBe(false);
    expect(debugRequest(dev, request({}))).toBe(false);
  });
});
