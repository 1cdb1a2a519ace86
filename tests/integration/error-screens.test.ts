import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
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
    retry: "Retry",
    home: "Home page",
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
    retry: "Повторить",
    home: "На главную",
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
    retry: "Pokušaj ponovo",
    home: "Početna strana",
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
    // `/no-such-page/` matches the locale segment with the home page below it: the home loader stops
    // at the bad locale too, so none of its shelves is asked for and sent (decision 045).
    expect(html).not.toMatch(/\\"(promoted|newest|advantages|whereLimits)\\"/);
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
    // The way on: the same page again, or the home page — plain links, JavaScript or not.
    expect(html).toMatch(new RegExp(`<a href="${prefix(locale)}/about/"[^>]*>${t.retry}</a>`));
    expect(html).toMatch(new RegExp(`<a href="${prefix(locale)}/"[^>]*>${t.home}</a>`));
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

/** Every message id of the locales: none may show on a page instead of its text. */
const MESSAGE_IDS = Object.keys(en);

/** What a visitor reads: the document without scripts, styles and tags. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

function rawIds(html: string): string[] {
  const text = visibleText(html);
  return MESSAGE_IDS.filter((id) => new RegExp(`(^|[^\\w.])${id.replace(/\./g, "\\.")}($|[^\\w.])`).test(text));
}

const STATUS_TEXT = {
  en: (status: number) => `${status} error`,
  ru: (s: number) => `Ошибка ${s}`,
  sr: (s: number) => `Greška ${s}`,
};

/** Each status a page can answer with, and a request that gets it. */
const CASES: [string, number, (prefix: string) => [string, RequestInit]][] = [
  ["a missing page", 404, (p) => [`${p}/no-such-page/`, browserInit()]],
  ["an action's own 404", 404, (p) => [`${p}/buy/apartment/beograd/abc/`, form("POST")]],
  ["a POST to a page without an action", 405, (p) => [`${p}/privacy-policy/`, form("POST")]],
  ["a PUT to a page", 405, (p) => [`${p}/favourites/`, form("PUT")]],
  ["a DELETE to a page", 405, (p) => [`${p}/about/`, browserInit({ method: "DELETE" })]],
  ["a loader fault", 500, (p) => [`${p}/about/`, browserInit({ headers: { "x-debug-fault": "loader" } })]],
  ["a render fault", 500, (p) => [`${p}/search/`, browserInit({ headers: { "x-debug-fault": "render" } })]],
  [
    "the API failing",
    503,
    (p) => [`${p}/buy/apartment/beograd/`, browserInit({ headers: { "x-debug-api-status": "500" } })],
  ],
];

function form(method: string): RequestInit {
  return browserInit({
    method,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    body: "x=1",
  });
}

describe.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])(
  "every error screen in %s shows only translated text",
  (locale) => {
    it.each(CASES)("%s: %i", async (_name, status, requestOf) => {
      const [path, init] = requestOf(prefix(locale));
      const res = await SELF.fetch(`${ORIGIN}${path}`, init);
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(htmlLang(html)).toBe(locale);
      expect(rawIds(html)).toEqual([]);
      expect(heading(html)).toBe(status === 404 ? TEXTS[locale].heading : TEXTS[locale].unavailable);
      if (status !== 404) expect(visibleText(html)).toContain(STATUS_TEXT[locale](status));
      // The site's header and footer frame every error screen.
      expect(html).toMatch(/<header[^>]*>/);
      expect(html).toMatch(/<footer[^>]*>/);
      // Pages with a form take POST too (favourites, about with its question form).
      if (status === 405)
        expect(res.headers.get("allow")).toBe(/\/(favourites|about)\//.test(path) ? "GET, HEAD, POST" : "GET, HEAD");
    });
  },
);

it("a POST to a page that does not exist is its 404 page, not a 405", async () => {
  const res = await SELF.fetch(`${ORIGIN}/no-such-page/`, form("POST"));
  expect(res.status).toBe(404);
  expect(res.headers.get("allow")).toBeNull();
  expect(rawIds(await res.text())).toEqual([]);
});
