/**
 * Formats a parsed ICU message (the syntax trees of `@formatjs/icu-messageformat-parser`) with the
 * platform's Intl: literals, arguments, plurals (with `#`, offsets and `=n` cases), selects,
 * number/date/time arguments and tags (a function value wraps the tag's text). It produces what intl-messageformat produces for the same tree (the
 * tests compare both over every message of every locale) in a fraction of its size (decision 011).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export type FormatValues = Record<string, unknown>;

/** Formatters are costly to build: one per locale and options, kept for the isolate's or page's life. */
export function memo<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(key)));
    return value;
  };
}

/** Element kinds, numbered as the parser's `TYPE` enum. */
const LITERAL = 0, ARGUMENT = 1, NUMBER = 2, DATE = 3, TIME = 4, SELECT = 5, PLURAL = 6, POUND = 7, TAG = 8;

const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { month: "numeric", day: "numeric", year: "2-digit" },
  medium: { month: "short", day: "numeric", year: "numeric" },
  long: { month: "long", day: "numeric", year: "numeric" },
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
};
const TIME_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { hour: "numeric", minute: "numeric" },
  medium: { hour: "numeric", minute: "numeric", second: "numeric" },
  long: { hour: "numeric", minute: "numeric", second: "numeric", timeZoneName: "short" },
  full: { hour: "numeric", minute: "numeric", second: "numeric", timeZoneName: "short" },
};

export interface IcuFormatter {
  /** Throws when the message needs a value it was not given. */
  format(elements: MessageFormatElement[], values?: FormatValues): string;
}

export function icuFormatter(tag: string): IcuFormatter {
  const numbers = memo((options) => new Intl.NumberFormat(tag, JSON.parse(options)));
  const dates = memo((options) => new Intl.DateTimeFormat(tag, JSON.parse(options)));
  const plurals = memo((type) => new Intl.PluralRules(tag, { type: type as Intl.PluralRuleType }));

  function styleOptions(style: unknown, named: Record<string, object>, fallback: object): object {
    if (style && typeof style === "object" && "parsedOptions" in style) return style.parsedOptions as object;
    return (typeof style === "string" && named[style]) || fallback;
  }

  function format(elements: MessageFormatElement[], values: FormatValues, pound?: number): string {
    let out = "";
    for (const el of elements) {
      if (el.type === LITERAL) {
        out += el.value;
        continue;
      }
      if (el.type === POUND) {
        out += pound === undefined ? "#" : numbers("{}").format(pound);
        continue;
      }
      if (el.type === TAG) {
        const wrap = values[el.value];
        if (typeof wrap !== "function") throw new Error(`The message needs a function for <${el.value}>`);
        out += String(wrap(format(el.children, values, pound)));
        continue;
      }
      if (!(el.value in values)) throw new Error(`The message needs a value for "${el.value}"`);
      const value = values[el.value];
      switch (el.type) {
        case ARGUMENT:
          out += value === null || value === undefined ? "" : String(value);
          break;
        case NUMBER: {
          const options = styleOptions(el.style, { percent: { style: "percent" }, integer: { maximumFractionDigits: 0 } }, {});
          out += numbers(JSON.stringify(options)).format(value as number);
          break;
        }
        case DATE:
        case TIME: {
          // As intl-messageformat: a bare {d, date} is the platform's default, a bare {t, time} medium.
          const options =
            el.type === DATE ? styleOptions(el.style, DATE_STYLES, {}) : styleOptions(el.style, TIME_STYLES, TIME_STYLES.medium!);
          out += dates(JSON.stringify(options)).format(new Date(value as number));
          break;
        }
        case SELECT: {
          const option = el.options[String(value)] ?? el.options.other;
          if (!option) throw new Error(`No case of "${el.value}" for ${String(value)}`);
          out += format(option.value, values, pound);
          break;
        }
        case PLURAL: {
          const n = Number(value);
          const option =
            el.options[`=${n}`] ?? el.options[plurals(el.pluralType ?? "cardinal").select(n - el.offset)] ?? el.options.other;
          if (!option) throw new Error(`No case of "${el.value}" for ${n}`);
          out += format(option.value, values, n - el.offset);
          break;
        }
      }
    }
    return out;
  }

  return { format: (elements, values = {}) => format(elements, values) };
}
