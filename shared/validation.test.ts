import * as v from "valibot";
import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import { ACCOUNT_LIMITS } from "./api/auth.ts";
import { FeedbackQuestionBody } from "./api/content.ts";
import { filterEntries, SearchQuery } from "./api/realty.ts";
import { defaultMessage, INVALID, limitsOf } from "./validation.ts";

const MESSAGES = en as Record<string, string>;

describe("validation messages", () => {
  it("are message ids of the locales", () => {
    for (const id of Object.values(INVALID)) expect(MESSAGES[id], id).toBeTypeOf("string");
  });

  it("schemas answer ids, never sentences, a bare check included", () => {
    v.setGlobalMessage(defaultMessage);
    try {
      const feedback = v.safeParse(FeedbackQuestionBody, { name: "", email: "nope", question: "short" });
      const search = v.safeParse(SearchQuery, { price_min: "x", floor_min: "999", sort: "odd", deal: 3 });
      const missing = v.safeParse(v.object({ id: v.string() }), {});
      for (const issue of [...feedback.issues!, ...search.issues!, ...missing.issues!]) {
        expect(MESSAGES[issue.message], issue.message).toBeTypeOf("string");
      }
      expect(missing.issues![0].message).toBe(INVALID.required);
    } finally {
      v.deleteGlobalMessage();
    }
  });
});

describe("limitsOf", () => {
  it("reads length and value bounds through pipes and optional wrappers", () => {
    expect(limitsOf(FeedbackQuestionBody.entries.question)).toEqual({ minLength: 10, maxLength: 2000 });
    expect(limitsOf(filterEntries.floor_min)).toEqual({ minValue: -5, maxValue: 200 });
    expect(limitsOf(filterEntries.q)).toEqual({ maxLength: 200 });
    expect(ACCOUNT_LIMITS.email).toEqual({ maxLength: 254 });
    expect(limitsOf(v.string())).toEqual({});
  });
});
