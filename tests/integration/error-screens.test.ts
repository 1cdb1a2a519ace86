import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";

const TEXTS = {
  en: {
    code: "404 error",
    heading: "Page not found…",
    text: "Sorry, the page you are looking for does not exist or has been moved.",
    label: "Try searching on our website:",
    button: "Search",
    unavailable: "Service is temporarily unavailable",
    unavailableText: "We already know about the problem and are working on it, everything will work soon:)",
    code500: "500 error",
  },
  ru: {
    code: "Ошибка 404",
    heading: "Страница не найдена…",
    text: "Извините, страница, которую вы ищете, не существует или была перемещена.",
    label: "Попробуйте поискать на нашем сайте:",
    button: "Найти",
    unavailable: "Сервис временно недоступен",
    unavailableText: "Мы уже знаем о проблеме и работаем над ней, скоро всё заработает:)",
    code500: "Ошибка 500",
  },
  sr: {
    code: "Greška 404",
    heading: "Stranica nije pronađena…",
    text: "Izvinite, stranica koju tražite ne postoji ili je premeštena.",
    label: "Pokušajte da pretražite naš sajt:",
    button: "Pretraži",
    unavailable: "Servis je privremeno nedostupan",
    unavailableText: "Već znamo za problem i radimo na njemu, uskoro će sve raditi:)",
    code500: "Greška 500",
  },
} as const;

const prefix = (locale: string) => (locale === "en" ? "" : `/${locale}`);

describe.each(Object.entries(TEXTS))("error screens in %s", (locale, t) => {
  it("the 404 page: status, texts, illustration and a working search form", async () => {
    const res = await SELF.fetch(`${ORIGIN}${prefix(locale)}/no-such-page/`, browserInit());
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    expect(html).toContain(t.code);
    expect(heading(html)).toBe(t.heading);
    expect(html).toContain(t.text);
    expect(html).toContain(t.label);
    expect(html).toMatch(new RegExp(`<button type="submit">${t.button}</button>`));
    expect(html).toMatch(new RegExp(`<form[^>]*action="${prefix(locale)}/search/" method="get"`));
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    // The real layout stays around the error.
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toMatch(/<footer[^>]*>/);
  });

  it("an unhandled loader error is the unavailable screen with status 500", async () => {
    const res = await SELF.fetch(
      `${ORIGIN}${prefix(locale)}/about/`,
      browserInit({ headers: { "x-debug-fault": "loader" } }),
    );
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain(t.code500);
    expect(heading(html)).toBe(t.unavailable);
    expect(html).not.toContain("Injected loader fault");
    // No stack trace reaches the visitor.
    expect(html).not.toMatch(/at \w+ \(/);
  });

  it("an unhandled render error is the unavailable screen with status 500", async () => {
    const res = await SELF.fetch(
      `${ORIGIN}${prefix(locale)}/search/`,
      browserInit({ headers: { "x-debug-fault": "render" } }),
    );
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain(t.unavailableText);
    expect(html).toContain(t.code500);
  });
});

it("the search form of the 404 page leads to the search page with the query", async () => {
  const res = await SELF.fetch(`${ORIGIN}/search/?q=novi+sad`, browserInit());
  expect(res.status).toBe(200);
});
