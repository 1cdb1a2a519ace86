import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ArticleKeyParam,
  ArticleListQuery,
  FeedbackQuestionBody,
  TagPath,
  TooltipKey,
  UnsubscribeBody,
  UnsubscribeToken,
  articleImageUrl,
  bodyParagraphs,
  countWords,
  maskEmail,
  readingMinutes,
} from "./content.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("readingMinutes", () => {
  it("is at least 1, even for nothing", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("   \n\n ")).toBe(1);
    expect(readingMinutes(words(50))).toBe(1);
  });
  it("counts ~200 words a minute", () => {
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(400))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
    expect(readingMinutes(words(1099))).toBe(5);
    expect(readingMinutes(words(1100))).toBe(6);
  });
  it("counts words across any whitespace and scripts", () => {
    expect(countWords("  Квартира  в\tБелграде\n\nStan u   Beogradu ")).toBe(6);
  });
});

describe("bodyParagraphs", () => {
  it("splits on blank lines, trims, drops empty paragraphs", () => {
    expect(bodyParagraphs("One.\n\nTwo\nlines.\r\n\r\n  \n\n Three. ")).toEqual(["One.", "Two\nlines.", "Three."]);
    expect(bodyParagraphs("")).toEqual([]);
  });
});

describe("maskEmail", () => {
  it("keeps the first character and the domain", () => {
    expect(maskEmail("john.doe@gmail.com")).toBe("j***@gmail.com");
    expect(maskEmail("j@gmail.com")).toBe("j***@gmail.com");
    expect(maskEmail("đorđe@example.rs")).toBe("đ***@example.rs");
    expect(maskEmail("😀x@example.com")).toBe("😀***@example.com");
  });
  it("uses the last @ and survives odd input", () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com');
    expect(maskEmail("@example.com")).toBe("***@example.com");
    expect(maskEmail("nobody")).toBe("n***");
  });
});

describe("UnsubscribeToken", () => {
  const signature = "A".repeat(42) + "_";
  it("accepts the form of a list's and of a saved search's token", () => {
    for (const token of [`1a.messages.mabc12.${signature}`, `z.s-2s.mabc12.${signature}`]) {
      expect(v.is(UnsubscribeToken, token), token).toBe(true);
    }
  });
  it("refuses anything else", () => {
    for (const token of [
      "",
      `1a.messages.mabc12.${signature}x`,
      `1A.messages.mabc12.${signature}`,
      `1a.s-.mabc12.${signature}`,
      `1a.messages.${signature}`,
      `1a.messages.mabc12.${signature}'`,
      "x".repeat(43),
    ]) {
      expect(v.is(UnsubscribeToken, token), token).toBe(false);
    }
  });
});

it("articleImageUrl", () => {
  expect(articleImageUrl(42)).toBe("/images/articles/42.svg");
});

describe("request schemas", () => {
  it("TagPath splits a slash-joined path of up to four slugs", () => {
    expect(v.parse(TagPath, "market/prices")).toEqual(["market", "prices"]);
    expect(v.parse(TagPath, "/market/prices/")).toEqual(["market", "prices"]);
    expect(v.parse(TagPath, "a/b/c/d")).toEqual(["a", "b", "c", "d"]);
    for (const bad of ["", "/", "a/b/c/d/e", "Market", "a//b", "../etc", "a b", "x".repeat(401), "a'--"]) {
      expect(v.is(TagPath, bad), bad).toBe(false);
    }
  });

  it("ArticleListQuery pages within 1–50", () => {
    expect(v.parse(ArticleListQuery, {})).toEqual({ page: 1, per_page: 20, tag: undefined });
    expect(v.parse(ArticleListQuery, { page: "3", per_page: "50", tag: "market" })).toEqual({
      page: 3,
      per_page: 50,
      tag: ["market"],
    });
    for (const bad of [{ per_page: "0" }, { per_page: "51" }, { page: "0" }, { page: "x" }, { page: "1.5" }]) {
      expect(v.is(ArticleListQuery, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("ArticleKeyParam tells ids from slugs", () => {
    expect(v.parse(ArticleKeyParam, { x: "42" }).x).toEqual({ id: 42, slug: "42" });
    expect(v.parse(ArticleKeyParam, { x: "rent-in-belgrade" }).x).toEqual({ id: undefined, slug: "rent-in-belgrade" });
    expect(v.parse(ArticleKeyParam, { x: "99999999999999999" }).x.id).toBeUndefined();
    for (const bad of ["", "Rent", "a b", "é", "x".repeat(101), "1;DROP"])
      expect(v.is(ArticleKeyParam, { x: bad }), bad).toBe(false);
  });

  it("TooltipKey", () => {
    expect(v.is(TooltipKey, "price_m2")).toBe(true);
    expect(v.is(TooltipKey, "listing.promotion")).toBe(true);
    for (const bad of ["", "a b", "a/b", "k".repeat(101), "'"]) expect(v.is(TooltipKey, bad), bad).toBe(false);
  });

  it("FeedbackQuestionBody trims and names each bad field", () => {
    expect(
      v.parse(FeedbackQuestionBody, {
        name: "  Ana ",
        email: " ana@example.rs ",
        question: "  Kako da postavim oglas?  ",
      }),
    ).toEqual({
      name: "Ana",
      email: "ana@example.rs",
      question: "Kako da postavim oglas?",
    });
    const result = v.safeParse(FeedbackQuestionBody, { name: "   ", email: "nope", question: "short     " });
    expect(result.success).toBe(false);
    const fields = new Set(result.issues?.map((i) => i.path?.[0]?.key));
    expect(fields).toEqual(new Set(["name", "email", "question"]));
  });

  it("UnsubscribeBody accepts only known lists (or none) and well-formed tokens", () => {
    const token = `1a.news.mabc12.${"A".repeat(43)}`;
    expect(v.is(UnsubscribeBody, { token, list: "news" })).toBe(true);
    expect(v.is(UnsubscribeBody, { token })).toBe(true);
    expect(v.is(UnsubscribeBody, { token, list: "spam" })).toBe(false);
    expect(v.is(UnsubscribeBody, { token: "short", list: "news" })).toBe(false);
    expect(v.is(UnsubscribeBody, { token: `${token}'`, list: "news" })).toBe(false);
  });
});
