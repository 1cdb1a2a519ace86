/**
 * Reference tables — cities, districts, media tags, FAQ, advantages — are the same for every visitor and
 * change rarely (`ops init`, the back office's editors: decision 060), yet nearly every page read several of them from D1:
 * each read is a round trip and a few milliseconds of CPU (decision 045). An isolate now reads each once
 * per `REFERENCE_CACHE_TTL` seconds (wrangler.toml; 0 reads them every time, as the tests do, which
 * write them). Only whole tables are kept, and the site's own figures of `/trust/` (decision 089), never
 * anything that depends on who asks or what they search.
 */
import type { AppEnv } from "#worker/app-env.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import { advantageRows, faqRows, loadTags } from "./content.ts";
import { readGazetteer } from "./gazetteer.ts";

type Env = Pick<AppEnv["Bindings"], "DB"> & ConfigSource;

const kept = new Map<string, { until: number; value: unknown }>();

/**
 * `read()`'s result, shared by this isolate's requests for the TTL. The value is kept, not the promise:
 * a request must not wait on I/O another request started (workerd may cancel it with that request), so
 * requests that miss at the same moment each read; a failed read is not kept.
 */
export async function referenceData<T>(env: Env, key: string, read: () => Promise<T>): Promise<T> {
  const ttl = config(env).REFERENCE_CACHE_TTL;
  if (!(ttl > 0)) return read();
  const hit = kept.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const value = await read();
  kept.set(key, { until: Date.now() + ttl * 1000, value });
  return value;
}

/**
 * Drops this isolate's copy of a table after the back office changed it, so the editor's next page shows
 * the change; other isolates see it within the TTL.
 */
export function forgetReferenceData(key: "tags" | "faq" | "advantages") {
  kept.delete(key);
}

/** The reference tables as this isolate keeps them (read-only: callers must not change what they get). */
export const referenceTables = (env: Env) => ({
  /** Cities (by population) and districts, with the cities by id; one object while kept (tiles key labels on it). */
  gazetteer: () => referenceData(env, "gazetteer", () => readGazetteer(env.DB)),
  tags: () => referenceData(env, "tags", () => loadTags(env.DB)),
  faq: () => referenceData(env, "faq", () => faqRows(env.DB)),
  advantages: () => referenceData(env, "advantages", () => advantageRows(env.DB)),
});
