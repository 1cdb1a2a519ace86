import { describe, expect, it } from "vitest";
import { LOCALES } from "#shared/locales.ts";
import { type AlertListing, digestLetter, escapeHtml, priceDropLetter } from "./alert-mail.ts";

const origin = "https://kvadrat.example";
const listing = (id: number, extra: Partial<AlertListing> = {}): AlertListing => ({
  id,
  title: `Flat ${id} "<script>alert(1)</script>"`,
  price: 150_000,
  place: "Vračar, Belgrade",
  path: `/buy/apartment/beograd/${id}/`,
  photo: `${origin}/photos/key-${id}-480.webp`,
  ...extra,
});
const digest = {
  groups: [
    {
      label: "Apartments <for> sale",
      searchPath: "/buy/apartment/beograd/?rooms=2",
      listings: [listing(1), listing(2, { photo: null })],
      more: 3,
      stopPath: "/unsubscribe/?token=s1",
    },
    { label: "Houses", searchPath: "/buy/house/", listings: [listing(1)], more: 0, stopPath: "/unsubscribe/?token=s2" },
  ],
  unsubscribePath: "/unsubscribe/?token=all",
};
const drops = { listings: [listing(7, { oldPrice: 180_000 })], unsubscribePath: "/unsubscribe/?token=drops" };

describe("alert e-mails", () => {
  it.each(LOCALES.map((l) => l.code))("are written in %s with absolute links in its language", (locale) => {
    const prefix = locale === "en" ? "" : `/${locale}`;
    for (const letter of [digestLetter(digest, { locale, origin }), priceDropLetter(drops, { locale, origin })]) {
      expect(letter.subject.trim()).not.toBe("");
      const links = letter.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(2);
      for (const link of links) expect(link.startsWith(`${origin}${prefix}/`), link).toBe(true);
      expect(letter.html).toContain(`<html lang="${locale}">`);
      expect(letter.html).toContain(`href="${origin}${prefix}/unsubscribe/?token=`);
    }
  });

  it("escape everything a listing or a search says in the HTML part, and keep it as written in the text", () => {
    const letter = digestLetter(digest, { locale: "en", origin });
    expect(letter.html).not.toContain("<script>");
    expect(letter.html).toContain("Flat 1 &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
    expect(letter.html).toContain("Apartments &lt;for&gt; sale");
    expect(letter.text).toContain('Flat 1 "<script>alert(1)</script>"');
  });

  it("a digest: each search's listings with photo, price and place, the rest linked, each search's way out", () => {
    const letter = digestLetter(digest, { locale: "en", origin });
    // Listing 1 is under both searches: one new listing, counted once.
    expect(letter.subject).toBe("5 new listings for your saved searches");
    expect(letter.text).toContain("Apartments <for> sale (5 listings)");
    expect(letter.text).toContain("€150,000 · Vračar, Belgrade");
    expect(letter.text).toContain(`and 3 more — see all: ${origin}/buy/apartment/beograd/?rooms=2`);
    expect(letter.text).toContain(`Open the search: ${origin}/buy/house/`);
    expect(letter.text).toContain(`Stop alerts for this search: ${origin}/unsubscribe/?token=s2`);
    expect(letter.html).toContain(`<img src="${origin}/photos/key-1-480.webp"`);
    expect(letter.html.match(/<img /g)).toHaveLength(2);
    const ru = digestLetter(digest, { locale: "ru", origin });
    expect(ru.subject).toBe("5 новых объявлений по вашим сохранённым поискам");
    expect(ru.text).toContain("Apartments <for> sale (5 объявлений)");
    const sr = digestLetter({ ...digest, groups: [digest.groups[1]!] }, { locale: "sr", origin });
    expect(sr.subject).toBe("Novi oglasi: Houses");
    expect(sr.text).toContain("Houses (1 oglas)");
  });

  it("a price drop: the old price and the new", () => {
    const letter = priceDropLetter(drops, { locale: "en", origin });
    expect(letter.subject).toBe(`Price reduced: ${drops.listings[0]!.title}`);
    expect(letter.text).toContain("€180,000 → €150,000");
    expect(letter.html).toContain("<s ");
  });
});

it("escapeHtml leaves no markup", () => {
  expect(escapeHtml(`<img src=x onerror="alert('1')">&amp;`)).toBe(
    "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;",
  );
});
