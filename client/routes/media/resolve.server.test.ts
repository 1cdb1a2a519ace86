import { describe, expect, it } from "vitest";
import type { ApiTag } from "#shared/api/content.ts";
import { mediaPage, mediaSegments, resolveMediaPath, tagTrail } from "./resolve.server.ts";

let id = 0;
const tag = (path: string, parent_id: number | null = null): ApiTag => {
  const parts = path.split("/");
  return {
    id: ++id,
    parent_id,
    depth: parts.length,
    slug: parts.at(-1)!,
    name: parts.at(-1)!.toUpperCase(),
    path: parts,
  };
};
const TAGS = [
  tag("market"),
  tag("market/prices", 1),
  tag("market/prices/beograd", 2),
  tag("market/prices/beograd/2025", 3),
  tag("buying"),
];

describe("mediaSegments", () => {
  it("splits the splat and refuses more than five segments or non-slugs", () => {
    expect(mediaSegments(undefined)).toEqual([]);
    expect(mediaSegments("market/prices/")).toEqual(["market", "prices"]);
    expect(mediaSegments("a/b/c/d/e")).toHaveLength(5);
    expect(mediaSegments("a/b/c/d/e/f")).toBeNull();
    expect(mediaSegments("Market")).toBeNull();
    expect(mediaSegments("market/x y")).toBeNull();
    expect(mediaSegments("market/..")).toBeNull();
  });
});

describe("resolveMediaPath", () => {
  it("resolves the index, tags at every depth and articles under a tag", () => {
    expect(resolveMediaPath([], TAGS)).toEqual({ kind: "index" });
    expect(resolveMediaPath(["market"], TAGS)).toMatchObject({ kind: "tag", tag: { slug: "market" } });
    expect(resolveMediaPath(["market", "prices", "beograd", "2025"], TAGS)).toMatchObject({
      kind: "tag",
      tag: { slug: "2025" },
    });
    expect(resolveMediaPath(["market", "some-article"], TAGS)).toMatchObject({
      kind: "article",
      tag: { slug: "market" },
      slug: "some-article",
    });
    expect(resolveMediaPath(["market", "prices", "beograd", "2025", "a"], TAGS)).toMatchObject({
      kind: "article",
      tag: { slug: "2025" },
      slug: "a",
    });
  });

  it("refuses unknown tags, a bare slug and a slug under a missing tag", () => {
    expect(resolveMediaPath(["nope"], TAGS)).toBeNull();
    expect(resolveMediaPath(["nope", "a"], TAGS)).toBeNull();
    expect(resolveMediaPath(["prices", "a"], TAGS)).toBeNull();
    expect(resolveMediaPath(["market", "nope", "a"], TAGS)).toBeNull();
  });
});

describe("tagTrail", () => {
  it("lists the tags from the root down", () => {
    expect(tagTrail(TAGS[3]!, TAGS).map((t) => t.slug)).toEqual(["market", "prices", "beograd", "2025"]);
  });
});

describe("mediaPage", () => {
  const page = (qs: string) => mediaPage(new URL(`https://x.test/media/${qs}`));
  it("reads plain page numbers only", () => {
    expect(page("")).toBe(1);
    expect(page("?page=3")).toBe(3);
    for (const bad of ["?page=0", "?page=-1", "?page=01", "?page=abc", "?page=2.5", "?page=", "?page=99999"])
      expect(page(bad), bad).toBeNull();
  });
});
