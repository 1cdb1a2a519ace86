import type { ApiClient } from "#shared/api-client.ts";
import type { Locale } from "#shared/locales.ts";
import { reportApiFailure } from "./api-failures.ts";

/**
 * The API client for calls the browser makes itself after the page is up (type-ahead, beacons); its
 * failures go where every browser-side failure goes (client/api/api-failures.ts). Loaded on first use:
 * no page needs it to render, so it stays out of the first-load JavaScript budget.
 * A beacon (statistics) is anonymous — no cookies, so no CSRF check applies — outlives the page
 * (`keepalive`), and fails silently: the visitor did not ask for it.
 */
export async function browserApi(locale?: Locale, { beacon = false } = {}): Promise<ApiClient> {
  const { createApiClient } = await import("#shared/api-client.ts");
  return createApiClient({
    baseUrl: window.location.origin,
    locale,
    onFailure: beacon ? undefined : reportApiFailure,
    init: beacon ? { credentials: "omit", keepalive: true } : undefined,
  });
}
