import { afterEach, describe, expect, it } from "vitest";
import { FormattedTexts } from "./formatted-texts.ts";
import { textFormats } from "./icu-format.ts";
import { makeIntl } from "./intl.ts";

const PRICE = JSON.stringify({ style: "currency", currency: "EUR", maximumFractionDigits: 0 });

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

describe("FormattedTexts", () => {
  it("keeps what the server's formatters make, and gives it back in the same language only", () => {
    const table = new FormattedTexts("sr-Latn-RS");
    expect(table.empty).toBe(true);
    const formats = textFormats("sr-Latn-RS", table);
    expect(formats.number(PRICE)(9500)).toBe(new Intl.NumberFormat("sr-Latn-RS", JSON.parse(PRICE)).format(9500));
    expect(table.empty).toBe(false);
    expect(table.get("sr-Latn-RS", `n${PRICE}`, "9500")).toBe(formats.number(PRICE)(9500));
    expect(table.get("ru-RU", `n${PRICE}`, "9500")).toBeUndefined();
    table.set("ru-RU", `n${PRICE}`, "1", "not kept");
    expect(table.get("ru-RU", `n${PRICE}`, "1")).toBeUndefined();
  });

  it("reads back what it wrote, with no text able to close its script element", () => {
    const table = new FormattedTexts("en-GB");
    table.set("en-GB", "l{}", '["</script><b>"]', "</script><b>");
    table.set("en-GB", "n{}", "toString", "x");
    const text = table.toScriptText();
    expect(text).not.toContain("<");
    const read = FormattedTexts.parse(text)!;
    expect(read.locale).toBe("en-GB");
    expect(read.get("en-GB", "l{}", '["</script><b>"]')).toBe("</script><b>");
    expect(read.get("en-GB", "n{}", "toString")).toBe("x");
    // Names that every object has are not texts.
    expect(read.get("en-GB", "constructor", "name")).toBeUndefined();
    expect(read.get("en-GB", "n{}", "hasOwnProperty")).toBeUndefined();
  });

  it.each(["", "null", "[]", '{"locale":1,"texts":{}}', '{"locale":"en"}', "{not json"])(
    "parses %j as no table",
    (text) => {
      expect(FormattedTexts.parse(text)).toBeNull();
    },
  );
});

describe("textFormats with a table", () => {
  it("answers from the table without building an Intl formatter", () => {
    const table = new FormattedTexts("en-GB", {
      [`n${PRICE}`]: { "39000": "€39,000" },
      'd{"dateStyle":"long"}': { "1786876854485": "16 August 2026" },
      'r{"numeric":"auto"}': { "-1 month": "last month" },
      "l{}": { '["a","b"]': "a and b" },
    });
    const made = (["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "ListFormat"] as const).map(countMade);
    const intl = makeIntl("en", {}, table);
    expect(intl.formatNumber(39000, JSON.parse(PRICE))).toBe("€39,000");
    expect(intl.formatDate(1786876854485, { dateStyle: "long" })).toBe("16 August 2026");
    expect(intl.formatRelativeTime(-1, "month", { numeric: "auto" })).toBe("last month");
    expect(intl.formatList(["a", "b"])).toBe("a and b");
    expect(made.map((m) => m.count)).toEqual([0, 0, 0, 0]);
    // What it does not hold is formatted by Intl, once per formatter.
    expect(intl.formatNumber(41000, JSON.parse(PRICE))).toBe("€41,000");
    expect(intl.formatNumber(42000, JSON.parse(PRICE))).toBe("€42,000");
    expect(made[0]!.count).toBe(1);
  });

  it("formats messages' numbers and dates through it too", () => {
    const table = new FormattedTexts("en-GB", { "n{}": { "3": "three" } });
    const made = countMade("NumberFormat");
    const intl = makeIntl(
      "en",
      {
        photos: [
          { type: 6, value: "n", options: { other: { value: [{ type: 7 }] } }, offset: 0, pluralType: "cardinal" },
        ],
      },
      table,
    );
    expect(intl.formatMessage({ id: "photos" }, { n: 3 })).toBe("three");
    expect(made.count).toBe(0);
  });

  it("a table of another language is not used", () => {
    const table = new FormattedTexts("ru-RU", { [`n${PRICE}`]: { "39000": "39 000 €" } });
    expect(makeIntl("en", {}, table).formatNumber(39000, JSON.parse(PRICE))).toBe("€39,000");
  });
});
