import type { ApiClient } from "#shared/api-client.ts";
import type { Locale } from "#shared/locales.ts";
import { reportApiFailure } from "./api-failures.ts";

/**
 * The API client for calls the browser makes itself after the page is up (type-ahead); its failures
 * go where every browser-side failure goes (client/api/api-failures.ts). Loaded on first use: no page
 * needs it to render, so it stays out of the first-load JavaScript budget.
 */
export async function browserApi(locale?: Locale): Promise<ApiClient> {
  const { createApiClient } = await import("#shared/api-client.ts");
  return createApiClient({ baseUrl: window.location.origin, locale, onFailure: reportApiFailure });
}
