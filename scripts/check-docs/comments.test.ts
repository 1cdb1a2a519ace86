import { describe, expect, it } from "vitest";
import { commentSyntax, commentsOf } from "./comments.ts";

const texts = (source: string, syntax: Parameters<typeof commentsOf>[1]) =>
  commentsOf(source, syntax).map((comment) => comment.text.trim());

describe("commentSyntax", () => {
  it("knows the files ESLint does not read, and leaves the others to it", () => {
    expect(
      ["a.css", "m/0001_x.sql", "tsconfig.json", "wrangler.toml", "public/_headers", ".ci/run", ".gitignore"].map(
        commentSyntax,
      ),
    ).toEqual(["css", "sql", "jsonc", "hash", "hash", "hash", "hash"]);
    expect(["a.ts", "a.tsx", "package.json", "a.md"].map(commentSyntax)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("commentsOf", () => {
  it("reads block comments of a stylesheet, not a string that looks like one", () => {
    expect(texts('/* one */ a { content: "/* no */"; } /* two\n lines */', "css")).toEqual(["one", "two\n lines"]);
  });

  it("reads SQL's line and block comments, not a string's dashes", () => {
    expect(texts("-- one\nSELECT '--no' /* two */ FROM t; -- three", "sql")).toEqual(["one", "two", "three"]);
  });

  it("reads # comments after whitespace, not a # inside a word or a string", () => {
    expect(texts('# one\nkey = "a # b" # two\nurl = x#y', "hash")).toEqual(["one", "two"]);
  });

  it("reads JSON with comments", () => {
    expect(texts('{ "a": "//no", // one\n /* two */ "b": 1 }', "jsonc")).toEqual(["one", "two"]);
  });

  it("gives each comment's offset in the file", () => {
    const source = "a {}\n/* worker/x.ts */";
    const [comment] = commentsOf(source, "css");
    expect(source.slice(comment!.index).startsWith(comment!.text)).toBe(true);
  });
});
