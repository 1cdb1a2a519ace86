import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import ru from "./ru.json";
import sr from "./sr.json";

const LOCALES = { en, ru, sr } as Record<string, Record<string, string>>;

/** Names of the {arguments} of a parsed ICU message, nested ones included. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const el of elements) {
      if ("value" in el && typeof el.value === "string" && el.type !== 0 && el.type !== 7) names.add(el.value);
      if ("options" in el) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("locales/*.json", () => {
  it("have the same keys", () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(ru).sort()).toEqual(keys);
    expect(Object.keys(sr).sort()).toEqual(keys);
  });

  it.each(Object.keys(LOCALES))("%s: every message is valid ICU and non-empty", (locale) => {
    for (const [key, message] of Object.entries(LOCALES[locale]!)) {
      expect(message.trim(), key).not.toBe("");
      expect(() => parse(message), `${locale} ${key}`).not.toThrow();
    }
  });

  it("translations use the same arguments as English", () => {
    for (const [key, message] of Object.entries(en)) {
      const expected = argumentNames(message);
      expect(argumentNames(ru[key as keyof typeof ru]), `ru ${key}`).toEqual(expected);
      expect(argumentNames(sr[key as keyof typeof sr]), `sr ${key}`).toEqual(expected);
    }
  });

  it("keeps the spec's Russian notice texts exactly (product §8)", () => {
    expect(ru["notice.unauthorized"]).toBe("Требуется авторизация");
    expect(ru["notice.forbidden"]).toBe("У вас нет прав для совершения этого действия");
    expect(ru["notice.notFound"]).toBe("Ошибка сервера");
    expect(ru["notice.serverErrorDetailed"]).toBe("Ошибка сервера: {message}");
    expect(ru["notice.serverError"]).toBe("Произошла ошибка. Повторите запрос или обратитесь в техническую поддержку");
  });

  it("keeps the spec's English error screen texts exactly (product §2)", () => {
    expect(en["error.notFound.code"]).toBe("404 error");
    expect(en["error.notFound.heading"]).toBe("Page not found…");
    expect(en["error.notFound.text"]).toBe("Sorry, the page you are looking for does not exist or has been moved.");
    expect(en["error.notFound.searchLabel"]).toBe("Try searching on our website:");
    expect(en["error.notFound.searchButton"]).toBe("Search");
    expect(en["error.unavailable.code"]).toBe("{code} error");
    expect(en["error.unavailable.heading"]).toBe("Service is temporarily unavailable");
    expect(en["error.unavailable.text"]).toBe(
      "We already know about the problem and are working on it, everything will work soon:)",
    );
  });
});
