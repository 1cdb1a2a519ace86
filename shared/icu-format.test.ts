import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { icuFormatter, textFormats } from "./icu-format.ts";
import { LOCALES, localeEntry, type Locale } from "./locales.ts";

const SOURCES: Record<Locale, Record<string, string>> = { en, ru, sr };
/** Counts that land in every plural category of en, ru and sr (one, few, many, other, fractions). */
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1.5, 1_000_000];

/** Each argument of a message with the values worth trying for it. */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, unknown[]>()) {
  for (const el of elements) {
    if (el.type === 1) found.set(el.value, found.get(el.value) ?? ["Beograd", 42]);
    if (el.type === 2 || el.type === 6) found.set(el.value, COUNTS);
    if (el.type === 5) found.set(el.value, [...Object.keys(el.options), "something-else"]);
    if ("options" in el) for (const option of Object.values(el.options)) argumentsOf(option.value, found);
  }
  return found;
}

/** Value sets that walk every argument through all its values together. */
function valueSets(args: Map<string, unknown[]>): Record<string, unknown>[] {
  const rounds = Math.max(1, ...[...args.values()].map((v) => v.length));
  return Array.from({ length: rounds }, (_, i) =>
    Object.fromEntries([...args].map(([name, values]) => [name, values[i % values.length]])),
  );
}

describe("icuFormatter", () => {
  it.each(LOCALES.map((l) => l.code))("formats every %s message as intl-messageformat does", (locale) => {
    const tag = localeEntry(locale).intl;
    const ours = icuFormatter(tag);
    let compared = 0;
    for (const [id, text] of Object.entries(SOURCES[locale])) {
      const tree = parse(text);
      const reference = new IntlMessageFormat(tree, tag);
      for (const values of valueSets(argumentsOf(tree))) {
        const expected = String(reference.format(values as Record<string, string | number>));
        expect(ours.format(tree, values), `${locale} ${id} ${JSON.stringify(values)}`).toBe(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(Object.keys(SOURCES[locale]).length);
  });

  it.each([
    [
      "{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}",
      { n: 0, who: "Ana" },
    ],
    [
      "{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}",
      { n: 2, who: "Ana" },
    ],
    [
      "{n, plural, offset:1 =0 {nobody} =1 {just {who}} one {{who} and # other} other {{who} and # others}}",
      { n: 5, who: "Ana" },
    ],
    ["{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { n: 23 }],
    ["{n, number} · {n, number, ::currency/EUR} · {n, number, ::percent}", { n: 0.25 }],
    // Midday UTC: the same calendar date in Serbia (times differ by design, below).
    ["{d, date, ::yyyyMMMd} · {d, date}", { d: Date.UTC(2026, 10, 23, 12, 5) }],
    [
      "{kind, select, flat {a <b>flat</b>} other {a home}} in {city}",
      { kind: "flat", city: "Niš", b: (s: string) => `*${s}*` },
    ],
    ["{count, plural, one {# listing} other {# listings}}", { count: 1234.5 }],
  ])("matches intl-messageformat on %s", (text, values) => {
    const tree = parse(text);
    const expected = new IntlMessageFormat(tree, "en-GB").format(values as never);
    expect(icuFormatter("en-GB").format(tree, values)).toBe(String(expected));
  });

  it("prints dates and times as they are in Serbia, wherever it runs", () => {
    const f = icuFormatter("en-GB");
    // 23:30 UTC on 22 August is 01:30 on 23 August in Belgrade (summer time).
    const d = Date.UTC(2026, 7, 22, 23, 30);
    expect(f.format(parse("{d, date, ::yyyyMMMd}"), { d })).toBe("23 Aug 2026");
    expect(f.format(parse("{d, time}"), { d })).toBe("01:30:00");
    const format = textFormats("en-GB");
    expect(format('d{"dateStyle":"medium"}', new Date(d))).toBe("23 Aug 2026");
    // A date-only value can still ask for UTC.
    expect(format('d{"dateStyle":"medium","timeZone":"UTC"}', new Date(d))).toBe("22 Aug 2026");
  });

  it("throws when a needed value or tag is missing", () => {
    const f = icuFormatter("en");
    expect(() => f.format(parse("Hello {name}"), {})).toThrow(/name/);
    expect(() => f.format(parse("{n, plural, one {#} other {#}}"))).toThrow(/n/);
    expect(() => f.format(parse("Call <b>now</b>"), {})).toThrow(/b/);
    // Named styles are not supported (none of our messages uses one): an error, not a wrong text.
    expect(() => f.format(parse("{d, date, long}"), { d: 0 })).toThrow(/style/);
  });
});
