/**
 * The sign-in dialog's query parameters and the `next` check: light enough for every page's header
 * and links (no schemas or phone metadata come with it).
 */

/** Query parameters of the sign-in dialog (`?auth=signin&next=/cabinet/`). */
export const AUTH_DIALOG_PARAM = "auth";
export const NEXT_PARAM = "next";
/** Query parameter of the phone / e-mail tab. */
export const VIA_PARAM = "via";
/** The page to go back to when the dialog is shown by the auth route itself (no JavaScript). */
export const RETURN_PARAM = "return_to";
/** The locale-free path of the auth route (its action serves every dialog form and sign-out). */
export const AUTH_ROUTE_PATH = "/auth/";

const BASE = "https://next.invalid";

/**
 * `next` after sign-in: only a path of this site (`/ru/cabinet/?tab=1`). Anything that could leave the
 * origin — `//evil`, `/\evil`, `https:…`, `javascript:…`, control characters — gives null.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
