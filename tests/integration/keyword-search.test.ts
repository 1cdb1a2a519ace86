/**
 * Keyword search finds what a person types in any of the three languages — the
 * seeded descriptions say "a spacious balcony" (en), "просторная терраса" (ru) and "prostranu terasu" (sr) of
 * the same fact, and every way of asking for it finds the same listings; the search box's examples work.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SearchResponse } from "#shared/api/realty.ts";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { ORIGIN } from "#tests/fixtures/requests.ts";

/** One city's listings of every kind: few enough that every search's total is exact. */
const SCOPE = "city=beograd";

async function found(q: string): Promise<{ total: number; ids: number[] }> {
  const ids: number[] = [];
  let total: number;
  for (let page = 1; ; page++) {
    const res = await SELF.fetch(
      `${ORIGIN}/api/realty/search?${SCOPE}&per_page=50&page=${page}&q=${encodeURIComponent(q)}`,
    );
    expect(res.status, q).toBe(200);
    const body = await res.json<SearchResponse>();
    expect(body.total_exact, q).toBe(true);
    total = body.total;
    ids.push(...body.items.map((item) => item.id));
    if (ids.length >= total || !body.items.length) break;
  }
  return { total, ids: ids.sort((a, b) => a - b) };
}

/** The seed writes the outdoor space into the description from the fact: the listings that have one. */
async function withBalcony(): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND city_id = (SELECT id FROM cities WHERE slug = 'beograd') AND balcony = 1 ORDER BY id",
  ).all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("multilingual keyword search", () => {
  it("finds the same listings for a balcony or terrace asked in en, ru or sr, in any form and script", async () => {
    const expected = await withBalcony();
    expect(expected.length).toBeGreaterThan(3);
    for (const q of ["terrace", "terasa", "терраса", "балкон", "balcony", "Balkon", "тераса", "terasom", "балконом"]) {
      expect((await found(q)).ids, q).toEqual(expected);
    }
  });

  it("finds the same listings for each word of the search box's examples, in every language", async () => {
    const examples = [en, ru, sr].map((messages) =>
      messages["search.q.placeholder"]
        .replace(/^[^:]*?(e\.g\.|например,|npr\.)\s*/u, "")
        .split(/,\s*/)
        .map((word) => word.trim()),
    );
    expect(examples).toEqual([
      ["terrace", "garage"],
      ["терраса", "гараж"],
      ["terasa", "garaža"],
    ]);
    for (let k = 0; k < 2; k++) {
      const [first, ...others] = await Promise.all(examples.map((words) => found(words[k]!)));
      expect(first!.total, examples[0]![k]).toBeGreaterThan(0);
      for (const other of others) expect(other.ids).toEqual(first!.ids);
    }
    // Both words of an example together: each language's pair finds the same.
    const pairs = await Promise.all(examples.map((words) => found(words.join(" "))));
    for (const pair of pairs.slice(1)) expect(pair.ids).toEqual(pairs[0]!.ids);
  });

  it("stems a word by its language: another case or number of it finds what the word finds", async () => {
    for (const [a, b] of [
      ["parking", "парковка"],
      ["parking", "parkingom"],
      ["лифт", "elevator"],
      ["lift", "лифтом"],
      ["furnished", "nameštena"],
      ["namešten", "меблированная"],
    ] as const) {
      const [x, y] = await Promise.all([found(a), found(b)]);
      expect(x.total, a).toBeGreaterThan(0);
      expect(y.ids, `${a} = ${b}`).toEqual(x.ids);
    }
  });
});
