import { RouterContextProvider } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import { splitLocale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { type AppContext, appContext } from "./app-context.server.ts";

/**
 * A router context as the worker would fill it for a request to `url`, with the given API: for
 * tests that call loaders and actions directly.
 */
export function testAppContext(url: URL, api: ApiClient, overrides: Partial<AppContext> = {}): RouterContextProvider {
  const { locale } = splitLocale(url.pathname);
  const context = new RouterContextProvider();
  context.set(appContext, {
    nonce: "",
    locale,
    origin: url.origin,
    country: undefined,
    user: null,
    errorLogging: false,
    development: false,
    api,
    signInApi: () => ({ client: api, setCookies: () => [], retryAfter: () => undefined }),
    afterAnswer: () => {},
    sessionEndCookies: () => [],
    texts: textCatalog(locale),
    formattedTexts: { get: () => undefined },
    ...overrides,
  });
  return context;
}
