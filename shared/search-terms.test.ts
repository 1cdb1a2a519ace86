import { describe, expect, it } from "vitest";
import { ftsTerms } from "./search-words.ts";
import { ftsExpression, searchTermGroups, textMatches } from "./search-terms.ts";

const sql = (text: string) => ftsExpression(searchTermGroups(text));
const matches = (query: string, text: string) => textMatches(searchTermGroups(query), [ftsTerms(text)]);

describe("searchTermGroups", () => {
  it("reads a feature the same in any of the three languages and scripts", () => {
    const balcony = sql("balcony");
    expect(balcony).toContain('"terrac"*');
    expect(balcony).toContain('"террас"*');
    expect(balcony).toContain('"teras"*');
    for (const word of [
      "terrace",
      "terasa",
      "терраса",
      "балкон",
      "balkon",
      "балконом",
      "terasu",
      "Balconies",
      "тераса",
    ])
      expect(sql(word), word).toBe(balcony);
  });

  it("finds the texts that say the feature in another language, in any form", () => {
    for (const query of ["terrace", "terasa", "терраса", "балкон", "balcony"]) {
      expect(matches(query, "Есть просторная терраса."), query).toBe(true);
      expect(matches(query, "Stan ima prostranu terasu."), query).toBe(true);
      expect(matches(query, "It comes with a spacious balcony."), query).toBe(true);
      expect(matches(query, "A quiet street near the park."), query).toBe(false);
    }
    expect(matches("garaža", "A closed garage with a remote door.")).toBe(true);
    expect(matches("лифт", "Lift u zgradi.")).toBe(true);
    expect(matches("намештен", "Fully furnished and equipped.")).toBe(true);
  });

  it("takes a phrase that names a feature as one group, in sequence", () => {
    expect(sql("new build")).toContain('"new"* + "build"*');
    expect(matches("новостройка", "A new build from 2019.")).toBe(true);
    expect(matches("new build", "Новостройка 2019 года.")).toBe(true);
    expect(matches("new build", "A build, not new.")).toBe(false);
  });

  it("keeps whole-word forms whole: the start of a short word is not the feature", () => {
    expect(matches("вид", "Квартира с видом на реку.")).toBe(true);
    expect(matches("вид", "Есть видеонаблюдение.")).toBe(false);
  });

  it("stems other words by their language, so another form of the word finds it", () => {
    expect(matches("квартиры", "Продаётся квартира в центре.")).toBe(true);
    expect(matches("stanovi", "Prodaje se stan u centru.")).toBe(false);
    expect(matches("kupatilom", "Stan sa dva kupatila.")).toBe(true);
    expect(matches("schools", "A school and shops are close by.")).toBe(true);
    // Short words and numbers as typed; one letter whole.
    expect(sql("stan 2019 a")).toBe('("stan"*) AND ("2019"*) AND ("a")');
  });

  it("requires every group, and keeps FTS operators and quotes plain text", () => {
    expect(matches("terasa garaža", "Terasa i garaža.")).toBe(true);
    expect(matches("terasa garaža", "Terasa, bez mesta za auto.")).toBe(false);
    expect(sql('"OR" NEAR(')).toBe('("or"*) AND ("near"*)');
    expect(sql("  ,.;  ")).toBeNull();
  });
});
