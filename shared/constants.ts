/**
 * Business constants and limits of SPEC §9, each named once. Everything else imports from here.
 */

/** Status of the trailing-slash and legacy-path redirects. */
export const PERMANENT_REDIRECT_STATUS = 301;
/** Status of the stored-locale redirect (temporary: it depends on the visitor). */
export const LOCALE_REDIRECT_STATUS = 302;

/** Build update check: every 60 minutes, the first after 60 minutes. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const BUILD_CHECK_FIRST_DELAY_MS = 60 * 60 * 1000;
/** A reload caused by an update is not repeated within this time. */
export const RELOAD_GUARD_MS = 10_000;

/** The access token is renewed when this many seconds or fewer remain. */
export const ACCESS_TOKEN_RENEW_THRESHOLD_S = 30;
/** A refresh token with at most this much left (when the expire marker is set) ends the session. */
export const EXPIRING_REFRESH_TOKEN_THRESHOLD_S = 2_505_600;

/** Saved-search cookie lifetime (30 days). */
export const SAVED_SEARCH_COOKIE_MAX_AGE_S = 2_592_000;

/** Locale cookie: 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE_NAME = "locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Names the spec gives the stored session markers. */
export const REFRESH_TOKEN_KEY = "refresh_token";
export const EXPIRE_REFRESH_TOKEN_KEY = "expire_refresh_token";
export const REMEMBER_ME_KEY = "remember_me";

/** Alerts close by themselves after this long; a touch swipe wider than the tolerance closes them. */
export const ALERT_TIMEOUT_MS = 5000;
export const TOUCH_CLOSE_TOLERANCE_PX = 20;

/** Phone parsing limits. */
export const PHONE_INPUT_MAX_CHARS = 250;
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
export const PHONE_CALLING_CODE_MAX_DIGITS = 3;
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

/** Tooltip defaults. */
export const TOOLTIP_SHOW_DELAY_MS = 200;
export const TOOLTIP_DISPOSE_TIMEOUT_MS = 150;
export const TOOLTIP_DISTANCE_PX = 5;
