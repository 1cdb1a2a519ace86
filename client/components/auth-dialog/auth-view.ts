/**
 * The state of the sign-in / registration / recovery dialog (decision 007): which flow,
 * which channel, which step — read from the URL on a plain visit (`?auth=signin&via=email`) and returned
 * by the auth action after each post. Everything a later step needs travels in the form's hidden fields,
 * so the action is stateless and the dialog works without JavaScript.
 */
import { AUTH_DIALOG_PARAM, NEXT_PARAM, RETURN_PARAM, safeNextPath, VIA_PARAM } from "#shared/auth-links.ts";

const AUTH_MODES = ["signin", "register", "recover"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
export type AuthVia = "phone" | "email";
type AuthStep = "identity" | "password" | "code" | "reset";

export { RETURN_PARAM };
/** What the auth action (auth-action.server.ts) answers a post that does not redirect. */
export interface AuthActionData {
  view: AuthView | null;
  error?: string;
  /** The API's message of a 500 (client/api/api-failures.ts). */
  serverMessage?: string;
}

export { AUTH_ROUTE_PATH } from "#shared/auth-links.ts";

export interface AuthView {
  mode: AuthMode;
  via: AuthVia;
  step: AuthStep;
  /** What the visitor typed in the identity step, to fill the field again after an error. */
  phoneText?: string;
  phoneCountry?: string;
  email?: string;
  name?: string;
  /** Registration: who the new account advertises as (decision 087), carried to the code step. */
  advertiserType?: "owner" | "agency";
  agencyName?: string;
  licenceNumber?: string;
  /** The phone (E.164) or e-mail the code went to. */
  identity?: string;
  /** Seconds until another code may be requested, counted from `sentAt` (ms). */
  resendIn?: number;
  sentAt?: number;
  resetToken?: string;
  remember?: boolean;
  /** Field → locale message id (`auth.error.*`, `auth.invalid.*`, `phone.invalid.*`). */
  fields?: Partial<Record<string, string>>;
  /** A message for the whole form. */
  error?: string;
  /** What that message is formatted with (a blocked account's reason). */
  errorValues?: Record<string, string>;
  /** A confirmation (e.g. "a new code was sent"). */
  notice?: string;
  /** Where a finished sign-in goes (same-origin path), and the page the dialog was opened on. */
  next?: string;
  returnTo?: string;
}

export function authModeOf(value: unknown): AuthMode | null {
  return (AUTH_MODES as readonly unknown[]).includes(value) ? (value as AuthMode) : null;
}

export function authViaOf(value: unknown): AuthVia {
  return value === "email" ? "email" : "phone";
}

/** The first step of a flow as a plain visit of `?auth=…&via=…` shows it. */
export function initialView(search: URLSearchParams): AuthView | null {
  const mode = authModeOf(search.get(AUTH_DIALOG_PARAM));
  if (!mode) return null;
  return { mode, via: authViaOf(search.get(VIA_PARAM)), step: "identity" };
}

/** The same location without the dialog's parameters: where closing the dialog goes. */
export function withoutAuthParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [AUTH_DIALOG_PARAM, VIA_PARAM, NEXT_PARAM, RETURN_PARAM]) params.delete(name);
  const query = params.toString();
  return pathname + (query ? `?${query}` : "");
}

/** The location with the dialog switched to another flow or tab, `next` kept. */
export function withAuthParams(pathname: string, search: string, mode: AuthMode, via?: AuthVia): string {
  const params = new URLSearchParams(search);
  params.set(AUTH_DIALOG_PARAM, mode);
  if (via && via !== "phone") params.set(VIA_PARAM, via);
  else params.delete(VIA_PARAM);
  const next = safeNextPath(params.get(NEXT_PARAM));
  if (!next) params.delete(NEXT_PARAM);
  return `${pathname}?${params}`;
}
