/**
 * The phone widget's and the phone parser's constants (product §5), kept apart from `#shared/constants.ts`
 * (which every page's scripts carry) so that only pages with a phone field load them.
 */

/** Phone parsing limits. */
export const PHONE_INPUT_MAX_CHARS = 250;
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
export const PHONE_EXTENSION_MAX_DIGITS = 20;

/** Phone widget defaults. */
export const PHONE_WIDGET_DEFAULTS = {
  autoFormat: true,
  mode: "auto",
  autoDefaultCountry: true,
  inputType: "tel",
  name: "telephone",
  autocomplete: true,
  placeholder: "Enter a phone number",
  maxLength: 25,
  showDialCode: true,
  showFlags: true,
  searchBox: false,
} as const;
export const PHONE_TYPE_AHEAD_RESET_MS = 700;
export const PHONE_DROPDOWN_MIN_SPACE_BELOW_PX = 200;

/** Serbia and its neighbours, first in the site's phone fields' country lists (most visitors' numbers). */
export const PHONE_PREFERRED_COUNTRIES = ["RS", "BA", "ME", "HR", "HU", "RO", "BG", "MK"] as const;
