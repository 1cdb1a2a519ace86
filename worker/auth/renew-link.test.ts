import { describe, expect, it } from "vitest";
import { renewToken, renewTokenRun, verifyRenewToken } from "./renew-link.ts";
import { AuthConfigError } from "./tokens.ts";

const dev = { ENVIRONMENT: "development" } as Env;
const production = (secret?: string) => ({ ENVIRONMENT: "production", JWT_SECRET: secret }) as unknown as Env;
const EXPIRES = Date.UTC(2026, 11, 24, 9, 30);

describe("renewal tokens", () => {
  it("name the run they were signed for and verify only for it and the listing", async () => {
    const token = await renewToken(dev, 42, EXPIRES);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);
    expect(await renewTokenRun(dev, 42, token)).toBe(EXPIRES);
    expect(await verifyRenewToken(dev, 42, EXPIRES, token)).toBe(true);
    expect(await verifyRenewToken(dev, 42, EXPIRES + 1, token)).toBe(false);
    expect(await verifyRenewToken(dev, 43, EXPIRES, token)).toBe(false);
    expect(await renewTokenRun(dev, 43, token)).toBeNull();
  });

  it("depend on the secret, and refuse to exist without a usable one outside development", async () => {
    const a = production("a".repeat(48));
    const b = production("b".repeat(48));
    const token = await renewToken(a, 7, EXPIRES);
    expect(await renewTokenRun(a, 7, token)).toBe(EXPIRES);
    expect(await renewTokenRun(b, 7, token)).toBeNull();
    await expect(renewToken(production(), 7, EXPIRES)).rejects.toBeInstanceOf(AuthConfigError);
  });

  it("refuse what is not a token", async () => {
    for (const junk of ["", ".", "zzzzzzzzzzzzzzzzz.abc", `${EXPIRES.toString(36)}.${"A".repeat(43)}`, "💥.💥"]) {
      expect(await renewTokenRun(dev, 42, junk), junk).toBeNull();
    }
  });
});
