import { describe, expect, it } from "vitest";
import { adjustMeta, pageMeta } from "./seo.ts";

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

describe("pageMeta", () => {
  it("builds canonical and hreflang links from the path alone: the installed app's flag is never in them", () => {
    const root = { locale: "ru", ogLocale: "ru_RU", origin: "https://k.test" };
    const meta = pageMeta(
      { location: { pathname: "/ru/about/", search: "?pwa_user=yes" }, matches: [{ id: "root", loaderData: root }] },
      "about",
    );
    const links = meta.flatMap((tag) => ("href" in tag ? [String(tag.href)] : []));
    expect(links).toContain("https://k.test/ru/about/");
    expect(links).toHaveLength(5);
    for (const href of links) expect(href).not.toContain("pwa_user");
  });
});
