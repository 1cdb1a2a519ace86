import { describe, expect, it } from "vitest";
import { confirmToken, confirmTokenQuestion } from "./confirm-link.ts";
import { renewToken } from "./renew-link.ts";
import { AuthConfigError } from "./tokens.ts";

const dev = { ENVIRONMENT: "development" } as Env;
const production = (secret?: string) => ({ ENVIRONMENT: "production", JWT_SECRET: secret }) as unknown as Env;
const ASKED = Date.UTC(2026, 10, 20, 6, 5);

describe("availability tokens", () => {
  it("name the question they were signed for, for their listing only", async () => {
    const token = await confirmToken(dev, 42, ASKED);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);
    expect(await confirmTokenQuestion(dev, 42, token)).toBe(ASKED);
    expect(await confirmTokenQuestion(dev, 43, token)).toBeNull();
  });

  it("are not renewal tokens of the same moment, nor the other way round", async () => {
    expect(await confirmTokenQuestion(dev, 42, await renewToken(dev, 42, ASKED))).toBeNull();
    expect(await confirmToken(dev, 42, ASKED)).not.toBe(await renewToken(dev, 42, ASKED));
  });

  it("depend on the secret, and refuse to exist without a usable one outside development", async () => {
    const a = production("a".repeat(48));
    const b = production("b".repeat(48));
    const token = await confirmToken(a, 7, ASKED);
    expect(await confirmTokenQuestion(a, 7, token)).toBe(ASKED);
    expect(await confirmTokenQuestion(b, 7, token)).toBeNull();
    await expect(confirmToken(production(), 7, ASKED)).rejects.toBeInstanceOf(AuthConfigError);
  });

  it("refuse what is not a token, or one with its moment changed", async () => {
    const genuine = await confirmToken(dev, 42, ASKED);
    const moved = `${(ASKED + 1).toString(36)}.${genuine.split(".")[1]}`;
    for (const junk of ["", ".", "zzzzzzzzzzzzzzzzz.abc", `${ASKED.toString(36)}.${"A".repeat(43)}`, "💥.💥", moved]) {
      expect(await confirmTokenQuestion(dev, 42, junk), junk).toBeNull();
    }
  });
});
