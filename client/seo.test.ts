import { describe, expect, it } from "vitest";
import { adjustMeta } from "./seo.ts";

const BASE = [
  { title: "Media | Kvadrat" },
  { name: "description", content: "News." },
  { tagName: "link", rel: "canonical", href: "https://k.test/media/" },
  { tagName: "link", rel: "alternate", hrefLang: "ru", href: "https://k.test/ru/media/" },
  { property: "og:title", content: "Media" },
  { property: "og:description", content: "News." },
  { property: "og:url", content: "https://k.test/media/" },
];

describe("adjustMeta", () => {
  it("puts the page number on every address of a later page", () => {
    const meta = adjustMeta(BASE, { search: "?page=2", title: "Media — Page 2 | Kvadrat" });
    expect(meta).toContainEqual({ title: "Media — Page 2 | Kvadrat" });
    expect(meta).toContainEqual({ property: "og:title", content: "Media — Page 2" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://k.test/media/?page=2" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "ru",
      href: "https://k.test/ru/media/?page=2",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://k.test/media/?page=2" });
    expect(meta).toContainEqual({ name: "description", content: "News." });
  });

  it("replaces the texts of an article and adds its own tags", () => {
    const meta = adjustMeta(BASE, {
      title: "Taxes | Kvadrat",
      description: "Lead.",
      extra: [{ property: "og:type", content: "article" }],
    });
    expect(meta).toContainEqual({ name: "description", content: "Lead." });
    expect(meta).toContainEqual({ property: "og:description", content: "Lead." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://k.test/media/" });
    expect(meta.at(-1)).toEqual({ property: "og:type", content: "article" });
    expect(meta).toHaveLength(BASE.length + 1);
  });
});
