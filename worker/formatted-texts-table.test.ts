import { afterEach, describe, expect, it } from "vitest";
import type { FormattedTextsData, KnownTexts } from "#shared/formatted-texts-protocol.ts";
import { textFormats } from "#shared/icu-format.ts";
import { makeIntl } from "#shared/intl.ts";
import { FormattedTextsTable } from "./formatted-texts-table.ts";

const PRICE_OPTIONS = { style: "currency", currency: "EUR", maximumFractionDigits: 0 } as const;
const PRICE = `n${JSON.stringify(PRICE_OPTIONS)}` as const;

type IntlKind = "NumberFormat" | "DateTimeFormat" | "RelativeTimeFormat" | "ListFormat";
const originals = new Map<IntlKind, unknown>();

/** Counts the Intl objects of a kind built from now on (until the test ends). */
function countMade(kind: IntlKind): { count: number } {
  const made = { count: 0 };
  const original = Intl[kind] as unknown as new (...args: unknown[]) => object;
  if (!originals.has(kind)) originals.set(kind, original);
  (Intl as unknown as Record<string, unknown>)[kind] = new Proxy(original, {
    construct(target, args, newTarget) {
      made.count++;
      return Reflect.construct(target, args, newTarget);
    },
  });
  return made;
}

afterEach(() => {
  for (const [kind, original] of originals) (Intl as unknown as Record<string, unknown>)[kind] = original;
  originals.clear();
});

/** A table as the browser reads it from the page. */
const pageTable = (data: FormattedTextsData): KnownTexts => ({
  get: (locale, formatter, input) => (locale === data.locale ? data.texts[formatter]?.[input] : undefined),
});

describe("FormattedTextsTable", () => {
  it("keeps what the server's formatters make, and gives it back in the same language only", () => {
    const table = new FormattedTextsTable("sr-Latn-RS");
    expect(table.empty).toBe(true);
    const format = textFormats("sr-Latn-RS", table);
    const text = format(PRICE, 9500);
    expect(text).toBe(new Intl.NumberFormat("sr-Latn-RS", PRICE_OPTIONS).format(9500));
    expect(table.empty).toBe(false);
    expect(table.get("sr-Latn-RS", PRICE, "[9500]")).toBe(text);
    expect(table.get("ru-RU", PRICE, "[9500]")).toBeUndefined();
    table.set("ru-RU", PRICE, "[1]", "not kept");
    expect(table.get("ru-RU", PRICE, "[1]")).toBeUndefined();
  });

  it("writes itself as a data block's text that no text can close, and reads back the same", () => {
    const table = new FormattedTextsTable("en-GB");
    table.set("en-GB", "l{}", '[["</script><b>"]]', "</script><b>");
    const text = table.toScriptText();
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ locale: "en-GB", texts: { "l{}": { '[["</script><b>"]]': "</script><b>" } } });
  });
});

describe("textFormats with a table", () => {
  const when = new Date(1786876854485);

  it("answers from the table without building an Intl formatter", () => {
    const table = pageTable({
      locale: "en-GB",
      texts: {
        [PRICE]: { "[39000]": "€39,000" },
        'd{"dateStyle":"long"}': { [JSON.stringify([when])]: "16 August 2026" },
        'r{"numeric":"auto"}': { '[-1,"month"]': "last month" },
        "l{}": { '[["a","b"]]': "a and b" },
      },
    });
    const made = (["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "ListFormat"] as const).map(countMade);
    const intl = makeIntl("en", {}, table);
    expect(intl.formatNumber(39000, PRICE_OPTIONS)).toBe("€39,000");
    expect(intl.formatDate(when, { dateStyle: "long" })).toBe("16 August 2026");
    expect(intl.formatRelativeTime(-1, "month", { numeric: "auto" })).toBe("last month");
    expect(intl.formatList(["a", "b"])).toBe("a and b");
    expect(made.map((m) => m.count)).toEqual([0, 0, 0, 0]);
    // What it does not hold is formatted by Intl, once per formatter.
    expect(intl.formatNumber(41000, PRICE_OPTIONS)).toBe("€41,000");
    expect(intl.formatNumber(42000, PRICE_OPTIONS)).toBe("€42,000");
    expect(intl.formatDate(when, { dateStyle: "short" })).toBe("16/08/2026");
    expect(made.map((m) => m.count)).toEqual([1, 1, 0, 0]);
  });

  it("formats messages' numbers through it too", () => {
    const table = pageTable({ locale: "en-GB", texts: { "n{}": { "[3]": "three" } } });
    const made = countMade("NumberFormat");
    const photos = [
      { type: 6, value: "n", options: { other: { value: [{ type: 7 }] } }, offset: 0, pluralType: "cardinal" },
    ];
    const intl = makeIntl("en", { photos } as never, table);
    expect(intl.formatMessage({ id: "photos" }, { n: 3 })).toBe("three");
    expect(made.count).toBe(0);
  });

  it("a table of another language is not used", () => {
    const table = pageTable({ locale: "ru-RU", texts: { [PRICE]: { "[39000]": "39 000 €" } } });
    expect(makeIntl("en", {}, table).formatNumber(39000, PRICE_OPTIONS)).toBe("€39,000");
  });
});
