/**
 * Formatting while typing (product §5, §9 "auto-format on, mode auto") and the input mask (`#` digit,
 * `@` letter, `*` alphanumeric), each with caret mapping: the caret stays after the same significant
 * character it followed before the text was reformatted.
 */
import { AsYouType, type CountryCode, Metadata, parseIncompletePhoneNumber } from "libphonenumber-js/core";
import { dialCodeOf, normalizeCountry } from "./countries.ts";
import { phoneMetadata } from "./metadata.ts";

/** Widget modes of product §9: auto keeps what the visitor typed ('+' international, else national). */
export type PhoneInputMode = "auto" | "national" | "international";

export interface TextWithCaret {
  text: string;
  caret: number;
}

export interface TypedPhone extends TextWithCaret {
  /** Country detected from an international prefix ('+44…' → GB), if any. */
  country?: CountryCode;
}

/** Text the formatter may touch: digits (any script), spaces, ( ) - . / and a leading '+'. Letters (an extension) are left alone. */
const FORMATTABLE = /^\s*\+?[\p{Nd}\s().\-/]*$/u;

/** Significant characters of phone text: digits (normalised to ASCII) and a leading '+'. */
function significant(text: string): string {
  return parseIncompletePhoneNumber(text);
}

/** Number of significant characters in text[0, end). */
function significantBefore(text: string, end: number): number {
  return significant(text.slice(0, end)).length;
}

/** Position right after the n-th significant character of text (0 → before the first one). */
function positionAfterSignificant(text: string, n: number): number {
  if (n <= 0) {
    const first = [...text].findIndex((_, i) => significant(text.slice(0, i + 1)).length > 0);
    return first === -1 ? text.length : Math.min(first, text.length);
  }
  for (let i = 1; i <= text.length; i++) {
    if (significant(text.slice(0, i)).length >= n) return i;
  }
  return text.length;
}

/**
 * Puts the caret into reformatted text. When the significant characters are unchanged (the usual case) the
 * caret follows the same digit counted from the start; when the formatter changed them (a national prefix
 * dropped, a calling code added) it keeps its distance from the end, counted in digits.
 */
export function mapCaret(before: string, caret: number, after: string): number {
  const from = significant(before);
  const to = significant(after);
  const clampedCaret = Math.max(0, Math.min(caret, before.length));
  if (from === to) {
    let position = positionAfterSignificant(after, significantBefore(before, clampedCaret));
    // The caret sat after separators (e.g. "(213) |73"): keep it after the output's separators too.
    const previous = before.slice(0, clampedCaret).at(-1);
    if (
      clampedCaret > 0 &&
      previous !== undefined &&
      significant(previous) === "" &&
      significantBefore(before, clampedCaret) > 0
    ) {
      while (position < after.length && significant(after[position]!) === "") position++;
    }
    return position;
  }
  const fromEnd = from.length - significantBefore(before, clampedCaret);
  return positionAfterSignificant(after, Math.max(0, to.length - fromEnd));
}

/**
 * Formats text as typed, in a mode:
 * - auto: '+…' formats internationally (and detects the country), anything else nationally for `country`;
 * - international: national input is rewritten with the active country's calling code;
 * - national: '+…' input of the active country's calling code is rewritten nationally.
 * Text that is not plain phone characters (an extension, letters) is returned unchanged.
 */
export function formatAsYouType(
  text: string,
  country: string | undefined,
  mode: PhoneInputMode = "auto",
): { text: string; country?: CountryCode } {
  const active = normalizeCountry(country);
  if (!FORMATTABLE.test(text)) return { text };
  const digits = significant(text);
  if (digits === "" || digits === "+") return { text: digits };
  const international = digits.startsWith("+");

  if (international) {
    const formatter = new AsYouType(undefined, phoneMetadata);
    const formatted = formatter.input(digits);
    const detected = formatter.getCountry();
    const callingCode = formatter.getCallingCode();
    if (mode === "national" && active && callingCode && callingCode === dialCodeOf(active)) {
      const nationalDigits = digits.slice(1 + callingCode.length);
      const national = new AsYouType(active, phoneMetadata);
      return { text: national.input(nationalPrefixOf(active) + nationalDigits), country: active };
    }
    return detected ? { text: formatted, country: detected } : { text: formatted };
  }

  if (!active) return { text };
  const formatter = new AsYouType(active, phoneMetadata);
  const formatted = formatter.input(digits);
  if (mode === "international") {
    const e164 = formatter.getNumberValue();
    if (e164) {
      const intl = new AsYouType(undefined, phoneMetadata);
      const out = intl.input(e164);
      return { text: out, country: intl.getCountry() ?? active };
    }
  }
  return { text: formatted };
}

/** The trunk prefix a country dials national numbers with ("0" in RS, "" in IT, "1" in US). */
function nationalPrefixOf(country: CountryCode): string {
  const metadata = new Metadata(phoneMetadata);
  metadata.selectNumberingPlan(country);
  // The typings of `NumberingPlan` omit its accessors; `nationalPrefix()` is part of the runtime class.
  const plan = metadata.numberingPlan as unknown as { nationalPrefix(): string | undefined } | undefined;
  return plan?.nationalPrefix() ?? "";
}

/** Formats while typing and maps the caret (see `mapCaret`). */
export function formatWithCaret(
  text: string,
  caret: number,
  country: string | undefined,
  mode: PhoneInputMode = "auto",
): TypedPhone {
  const result = formatAsYouType(text, country, mode);
  const atEnd = caret >= text.length;
  return {
    ...result,
    caret: atEnd ? result.text.length : mapCaret(text, caret, result.text),
  };
}

/**
 * Resolves an edit before reformatting. Deleting only a formatting character (a space, ')' or '-') would be
 * undone by the formatter, so the digit beside it is deleted instead: the one before for Backspace, the one
 * after for Delete. `previous` is the text before the edit, `next` after it, `caret` the caret after it.
 */
export function resolveEdit(
  previous: string,
  next: string,
  caret: number,
  direction: "backward" | "forward" | undefined,
): TextWithCaret {
  const removedOne = next.length === previous.length - 1;
  if (!removedOne || significant(next) !== significant(previous) || !FORMATTABLE.test(next))
    return { text: next, caret };
  if (direction === "forward") {
    for (let i = caret; i < next.length; i++) {
      if (/\p{Nd}/u.test(next[i]!)) return { text: next.slice(0, i) + next.slice(i + 1), caret };
    }
    return { text: next, caret };
  }
  for (let i = caret - 1; i >= 0; i--) {
    if (/\p{Nd}/u.test(next[i]!)) return { text: next.slice(0, i) + next.slice(i + 1), caret: i };
  }
  return { text: next, caret };
}

const MASK_TOKENS: Record<string, RegExp> = {
  "#": /\p{Nd}/u,
  "@": /\p{L}/u,
  "*": /[\p{L}\p{Nd}]/u,
};

/**
 * Applies an input mask. Each token takes the next input character it accepts (others are dropped);
 * literals are written as the mask goes and are consumed when the visitor typed them. Output stops at the
 * first token that has no input left, so literals are never appended past what was typed. The caret stays
 * after the same accepted character.
 */
export function applyMask(text: string, caret: number, mask: string): TextWithCaret {
  const input = [...text];
  const caretChars = [...text.slice(0, Math.max(0, caret))].length;
  let out = "";
  let inputIndex = 0;
  let acceptedBeforeCaret = 0;
  /** Length of `out` right after each accepted character. */
  const ends: number[] = [];

  for (const maskChar of mask) {
    if (inputIndex >= input.length) break;
    const token = MASK_TOKENS[maskChar];
    if (!token) {
      out += maskChar;
      if (input[inputIndex] === maskChar) inputIndex++;
      continue;
    }
    while (inputIndex < input.length && !token.test(input[inputIndex]!)) inputIndex++;
    if (inputIndex >= input.length) break;
    if (inputIndex < caretChars) acceptedBeforeCaret++;
    out += input[inputIndex];
    ends.push(out.length);
    inputIndex++;
  }
  // Literals written after the last accepted character are dropped: the mask never runs ahead of the input.
  out = out.slice(0, ends.at(-1) ?? 0);
  if (caret >= text.length) return { text: out, caret: out.length };
  const caretOut = acceptedBeforeCaret === 0 ? 0 : ends[acceptedBeforeCaret - 1]!;
  return { text: out, caret: Math.min(caretOut, out.length) };
}
