import type { ApiResult } from "#shared/api-client.ts";
import type { Single } from "#shared/api/conventions.ts";
import type { ApiPreview } from "#shared/api/realty.ts";
import { notFound, unavailable } from "#client/http-errors.ts";
import type { ListingSummary } from "./id-page.tsx";

/**
 * The listing of a private page from its preview call: one the API does not give this visitor
 * (missing, someone else's, not an admin) is the 404 page (SPEC §6, §7).
 */
export async function listingSummary(call: Promise<ApiResult<Single<ApiPreview>>>, url: URL): Promise<ListingSummary> {
  const result = await call;
  if (result.ok) return { title: result.data.data.title, status: result.data.data.status };
  if (result.status === 404 || result.status === 403) throw notFound(url);
  throw unavailable();
}
