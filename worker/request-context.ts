import type { ExecutionContext } from "hono";
import { createContext } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import type { SessionUser } from "#shared/api/auth.ts";
import type { FormattedTexts } from "./formatted-texts.ts";
import type { Locale } from "#shared/locales.ts";

/** What the Hono worker hands every React Router loader, action and entry.server for one request. */
export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  /** CSP nonce of this response, for React's inline scripts. */
  nonce: string;
  locale: Locale;
  /** Absolute origin of the site, for canonical and hreflang URLs. */
  origin: string;
  /** The signed-in visitor (worker/middleware/session.ts), or null. */
  user: SessionUser | null;
  /** The full path of a request whose locale segment does not exist (the router shows its 404). */
  invalidLocalePath?: string;
  /** The API (SPEC §7), called in-process as this request's visitor. */
  api: ApiClient;
  /** Filled with the numbers, dates and lists the page shows as it renders (decision 018). */
  formattedTexts?: FormattedTexts;
}

export const requestContext = createContext<RequestContext>();
