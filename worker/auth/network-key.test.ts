import { describe, expect, it } from "vitest";
import { networkKey } from "./network-key.ts";

const dev = { ENVIRONMENT: "development" } as Env;
const production = (secret?: string) => ({ ENVIRONMENT: "production", JWT_SECRET: secret }) as unknown as Env;
const from = (ip: string) => new Request("https://kvadrat.rs/", { headers: { "cf-connecting-ip": ip } });

describe("networkKey", () => {
  it("is one keyed hash for one /64, another for another, and never the address", async () => {
    const a = await networkKey(dev, from("2001:db8:1:2::1"));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await networkKey(dev, from("2001:db8:1:2:ffff::9"))).toBe(a);
    expect(await networkKey(dev, from("2001:db8:1:3::1"))).not.toBe(a);
    expect(await networkKey(dev, from("192.0.2.1"))).not.toBe(await networkKey(dev, from("192.0.2.2")));
    const keyed = await networkKey(production("x".repeat(40)), from("2001:db8:1:2::1"));
    expect(keyed).not.toBe(a);
  });

  it("is null without a usable secret outside development", async () => {
    expect(await networkKey(production(), from("192.0.2.1"))).toBeNull();
  });
});
