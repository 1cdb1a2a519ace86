import { describe, expect, it } from "vitest";
import { fallbackErrorPage } from "./fallback-error-page.ts";

describe("the last-resort error page", () => {
  it.each([
    ["/about/", "en", "500 error", "Service is temporarily unavailable"],
    ["/ru/about/", "ru", "Ошибка 500", "Сервис временно недоступен"],
    ["/sr/", "sr", "Greška 500", "Servis je privremeno nedostupan"],
  ])("%s is in %s", (path, locale, code, heading) => {
    const html = fallbackErrorPage(500, path);
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<p>${code}</p>`);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).not.toMatch(/error\.unavailable/);
  });
});
