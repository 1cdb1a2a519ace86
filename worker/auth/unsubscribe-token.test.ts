import { describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "#shared/constants.ts";
import { UnsubscribeToken } from "#shared/api/content.ts";
import * as v from "valibot";
import { checkUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.ts";
import { renewToken } from "./renew-link.ts";
import { AuthConfigError } from "./tokens.ts";

const dev = { ENVIRONMENT: "development" } as Env;
const production = (secret?: string) => ({ ENVIRONMENT: "production", JWT_SECRET: secret }) as unknown as Env;
const NOW = Date.UTC(2026, 5, 1, 12);

/** The token with one character of its signature changed. */
const tampered = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

describe("unsubscribe tokens", () => {
  it("name the person, the list or saved search, and their expiry, in the form the API accepts", async () => {
    const list = await unsubscribeToken(dev, 42, { kind: "list", list: "messages" }, NOW);
    const search = await unsubscribeToken(dev, 42, { kind: "saved_search", id: 9001 }, NOW);
    for (const token of [list, search]) expect(v.is(UnsubscribeToken, token), token).toBe(true);
    expect(await checkUnsubscribeToken(dev, list, NOW)).toEqual({
      ok: true,
      userId: 42,
      scope: { kind: "list", list: "messages" },
      expiresAt: NOW + UNSUBSCRIBE_TOKEN_TTL_MS,
    });
    expect(await checkUnsubscribeToken(dev, search, NOW + 1000)).toMatchObject({
      ok: true,
      userId: 42,
      scope: { kind: "saved_search", id: 9001 },
    });
  });

  it("expire after UNSUBSCRIBE_TOKEN_TTL_MS, told apart from forged ones", async () => {
    const token = await unsubscribeToken(dev, 7, { kind: "list", list: "saved_searches" }, NOW);
    expect((await checkUnsubscribeToken(dev, token, NOW + UNSUBSCRIBE_TOKEN_TTL_MS - 1)).ok).toBe(true);
    expect(await checkUnsubscribeToken(dev, token, NOW + UNSUBSCRIBE_TOKEN_TTL_MS)).toEqual({
      ok: false,
      reason: "expired",
    });
    // A forged token past its date is forged, not expired.
    expect(await checkUnsubscribeToken(dev, tampered(token), NOW + UNSUBSCRIBE_TOKEN_TTL_MS)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuse a changed signature, another person, another scope or a later date", async () => {
    const token = await unsubscribeToken(dev, 7, { kind: "list", list: "price_drops" }, NOW);
    const [user, scope, expires, signature] = token.split(".") as [string, string, string, string];
    const other = await unsubscribeToken(dev, 8, { kind: "list", list: "price_drops" }, NOW);
    for (const forged of [
      tampered(token),
      // Another user's id, scope or date under this signature.
      [(8).toString(36), scope, expires, signature].join("."),
      [user, "news", expires, signature].join("."),
      [user, "s-1", expires, signature].join("."),
      [user, scope, (NOW + 10 * UNSUBSCRIBE_TOKEN_TTL_MS).toString(36), signature].join("."),
      // Another user's signature on this user's token.
      [user, scope, expires, other.split(".")[3]].join("."),
    ]) {
      expect(await checkUnsubscribeToken(dev, forged, NOW), forged).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuse what is not a token, and another kind of signed link", async () => {
    const renew = await renewToken(dev, 7, NOW);
    for (const junk of [
      "",
      ".",
      "a.b.c.d",
      `7.spam.${NOW.toString(36)}.${"A".repeat(43)}`,
      `0.news.${NOW.toString(36)}.${"A".repeat(43)}`,
      `7.s-0.${NOW.toString(36)}.${"A".repeat(43)}`,
      `7.news.${NOW.toString(36)}.${"A".repeat(43)}`,
      renew,
      `7.news.${renew}`,
      "💥.💥.💥.💥",
    ]) {
      expect(await checkUnsubscribeToken(dev, junk, NOW), junk).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("depend on the secret, and are not made without a usable one outside development", async () => {
    const a = production("a".repeat(48));
    const b = production("b".repeat(48));
    const token = await unsubscribeToken(a, 7, { kind: "list", list: "messages" }, NOW);
    expect((await checkUnsubscribeToken(a, token, NOW)).ok).toBe(true);
    expect(await checkUnsubscribeToken(b, token, NOW)).toEqual({ ok: false, reason: "invalid" });
    await expect(unsubscribeToken(production(), 7, { kind: "list", list: "messages" }, NOW)).rejects.toBeInstanceOf(
      AuthConfigError,
    );
  });
});
