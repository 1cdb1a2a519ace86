import type { ApiClient } from "#shared/api-client.ts";

/**
 * The API client of statistics beacons: anonymous (no cookies, so no CSRF check applies), outliving
 * the page (`keepalive`), and silent when it fails — the visitor did not ask for it, so no alert.
 */
export async function beaconApi(): Promise<ApiClient> {
  const { createApiClient } = await import("#shared/api-client.ts");
  return createApiClient({ baseUrl: window.location.origin, init: { credentials: "omit", keepalive: true } });
}
