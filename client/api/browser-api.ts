import type { ApiClient } from "#shared/api-client.ts";
import type { Locale } from "#shared/locales.ts";
import { reportApiFailure } from "./api-failures.ts";

/**
 * The API client for calls the browser makes itself after the page is up (type-ahead); its failures
 * go where every browser-side failure goes (client/api/api-failures.ts). Loaded on first use: no page
 * needs it to render, so it stays out of the first-load JavaScript budget.
 */
export async function browserApi(locale?: Locale): Promise<ApiClient> {
  // Browser only. In the server's bundle this import would reach into the worker's entry (which holds the
  // client for in-process calls) from a lazily loaded chunk, splitting the entry into a chunk the workerd
  // tests cannot load (its photo codecs' glue assigns to `import.meta.url`).
  const { createApiClient } = await (import.meta.env.SSR
    ? Promise.reject(new Error("browserApi runs in the browser"))
    : import("#shared/api-client.ts"));
  return createApiClient({ baseUrl: window.location.origin, locale, onFailure: reportApiFailure });
}
