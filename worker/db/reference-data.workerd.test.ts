import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "#worker/api/index.ts";
import { referenceData } from "./reference-data.ts";

/** A read that counts its calls and answers `value`, or fails when `fail` says so. */
function counter(value: unknown) {
  let reads = 0;
  let fail = false;
  return {
    read: async () => {
      reads++;
      if (fail) throw new Error("D1 down");
      return value;
    },
    reads: () => reads,
    failing: (on: boolean) => (fail = on),
  };
}

const kept = { ...env, REFERENCE_CACHE_TTL: "60" };
const key = () => `test-${crypto.randomUUID()}`;

describe("referenceData", () => {
  it("reads on every call when the TTL is 0 (tests, and an operator who turns it off)", async () => {
    const c = counter(["Beograd"]);
    const k = key();
    for (let i = 0; i < 3; i++)
      expect(await referenceData({ ...env, REFERENCE_CACHE_TTL: "0" }, k, c.read)).toEqual(["Beograd"]);
    expect(c.reads()).toBe(3);
  });

  it("reads once per key while kept, and shares the one result", async () => {
    const c = counter({ cities: [] });
    const k = key();
    const a = await referenceData(kept, k, c.read);
    expect(await referenceData(kept, k, c.read)).toBe(a);
    expect(await referenceData(kept, k, c.read)).toBe(a);
    expect(c.reads()).toBe(1);
    await referenceData(kept, key(), c.read);
    expect(c.reads()).toBe(2);
  });

  it("does not keep a failed read: the next request reads again", async () => {
    const c = counter("tags");
    const k = key();
    c.failing(true);
    await expect(referenceData(kept, k, c.read)).rejects.toThrow("D1 down");
    c.failing(false);
    expect(await referenceData(kept, k, c.read)).toBe("tags");
    expect(c.reads()).toBe(2);
  });
});

describe("the API with the reference tables kept", () => {
  const faq = async (ttl: string) => {
    const res = await api.fetch(new Request("https://kvadrat.test/api/faq"), { ...env, REFERENCE_CACHE_TTL: ttl });
    return ((await res.json()) as { items: { question: string }[] }).items.map((item) => item.question);
  };

  it("answers from the kept table until the TTL ends; with 0 it reads D1 each time", async () => {
    const before = await faq("3600");
    await env.DB.prepare(
      `INSERT INTO faq (id, position, category, question_en, question_ru, question_sr, answer_en, answer_ru, answer_sr)
       VALUES (990001, 1990001, 'fixture', 'Kept?', 'К?', 'K?', 'A', 'О', 'O')`,
    ).run();
    expect(await faq("3600")).toEqual(before);
    expect(await faq("0")).toContain("Kept?");
  });
});
