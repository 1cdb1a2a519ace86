/**
 * Formats a parsed ICU message (the syntax trees of `@formatjs/icu-messageformat-parser`) with the
 * platform's Intl: literals, arguments, plurals (with `#`, offsets and `=n` cases), selects,
 * number/date/time arguments (default or skeleton styles; a named style such as `long` throws) and
 * tags (a function value wraps the tag's text). It produces what intl-messageformat produces for the same tree (the
 * tests compare both over every message of every locale) in a fraction of its size (decision 011).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { SITE_TIME_ZONE } from "./constants.ts";
import type { KnownTexts } from "./formatted-texts-protocol.ts";

type FormatValues = Record<string, unknown>;

/** Formatters are costly to build: one per locale and options, kept for the isolate's or page's life. */
function memo<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(key)));
    return value;
  };
}

/** Element kinds, numbered as the parser's `TYPE` enum. */
const LITERAL = 0,
  ARGUMENT = 1,
  NUMBER = 2,
  DATE = 3,
  TIME = 4,
  SELECT = 5,
  PLURAL = 6,
  POUND = 7,
  TAG = 8;

export interface IcuFormatter {
  /** Throws when the message needs a value it was not given. */
  format(elements: MessageFormatElement[], values?: FormatValues): string;
}

/** The platform's formats: numbers, dates (`d`), relative times (`r`) and lists (`l`). */
type FormatKind = "n" | "d" | "r" | "l";

/**
 * Formats a value with the format of a kind and options (JSON), `format("n{}", 42)`. Dates are
 * printed in Serbia's time zone unless the options name another: the server and every browser print
 * the same calendar date.
 */
export type TextFormat = (formatter: `${FormatKind}${string}`, ...args: unknown[]) => string;

/**
 * The formats of one language. Each text is looked up in `known` (the table a page carries,
 * decision 018) before Intl is asked, and what Intl made is kept there. Intl objects are built on the
 * first miss, so a page whose texts are all in the table never loads the browser's locale data.
 */
export function textFormats(tag: string, known?: KnownTexts | null): TextFormat {
  const intl = memo((formatter) => {
    const options = JSON.parse(formatter.slice(1));
    const kind = formatter[0] as FormatKind;
    const made =
      kind === "d"
        ? new Intl.DateTimeFormat(tag, { timeZone: SITE_TIME_ZONE, ...options })
        : new (kind === "n" ? Intl.NumberFormat : kind === "r" ? Intl.RelativeTimeFormat : Intl.ListFormat)(
            tag,
            options,
          );
    return made as { format(...args: unknown[]): string };
  });
  return (formatter, ...args) => {
    const input = JSON.stringify(args);
    let text = known?.get(tag, formatter, input);
    if (text === undefined) {
      text = intl(formatter).format(...args);
      known?.set?.(tag, formatter, input, text);
    }
    return text;
  };
}

export function icuFormatter(tag: string, formatText: TextFormat = textFormats(tag)): IcuFormatter {
  const plurals = memo((type) => new Intl.PluralRules(tag, { type: type as Intl.PluralRuleType }));

  /** A skeleton's options (`::currency/EUR`); named styles (`long`, `percent`) are not used by our messages. */
  function styleOptions(style: unknown): object {
    if (!style) return {};
    if (typeof style === "object" && "parsedOptions" in style) return style.parsedOptions as object;
    throw new Error(`Unsupported style ${String(style)}`);
  }

  function format(elements: MessageFormatElement[], values: FormatValues, pound?: number): string {
    let out = "";
    for (const el of elements) {
      if (el.type === LITERAL) {
        out += el.value;
        continue;
      }
      if (el.type === POUND) {
        out += pound === undefined ? "#" : formatText("n{}", pound);
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
        case NUMBER:
          out += formatText(`n${JSON.stringify(styleOptions(el.style))}`, value);
          break;
        case DATE:
        case TIME:
          // A bare {t, time} shows hours, minutes and seconds, as intl-messageformat does.
          out += formatText(
            `d${JSON.stringify(el.style || el.type === DATE ? styleOptions(el.style) : { hour: "numeric", minute: "numeric", second: "numeric" })}`,
            new Date(value as number),
          );
          break;
        case SELECT: {
          const option = el.options[String(value)] ?? el.options.other;
          if (!option) throw new Error(`No case of "${el.value}" for ${String(value)}`);
          out += format(option.value, values, pound);
          break;
        }
        case PLURAL: {
          const n = Number(value);
          const option =
            el.options[`=${n}`] ??
            el.options[plurals(el.pluralType ?? "cardinal").select(n - el.offset)] ??
            el.options.other;
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
