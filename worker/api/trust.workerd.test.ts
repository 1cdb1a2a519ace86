import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiTrustFigures } from "#shared/api/trust.ts";
import { api } from "./index.ts";

/** `GET /api/trust` with the reference tables kept `ttl` seconds, optionally on a development clock. */
async function trust(ttl: string, headers: Record<string, string> = {}): Promise<ApiTrustFigures> {
  const res = await api.fetch(new Request("https://kvadrat.test/api/trust", { headers }), {
    ...env,
    REFERENCE_CACHE_TTL: ttl,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ApiTrustFigures }).data;
}

describe("the trust figures kept", () => {
  it("are computed once per isolate while kept, so repeated hits read no listings; with 0, every time", async () => {
    const first = await trust("3600");
    const row = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND deleted_at IS NULL AND unconfirmed_at IS NULL LIMIT 1",
    ).first<{ id: number }>();
    expect(row).not.toBeNull();
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(row!.id).run();

    const again = await trust("3600");
    expect(again).toEqual(first);
    expect((await trust("0")).active_listings).toBe(first.active_listings - 1);
  });

  it("on a development clock are read for that request and never answered from, nor kept for, others", async () => {
    const kept = await trust("3600");
    const now = Date.parse(kept.as_of) + 90_000;
    const debug = await trust("3600", { "x-debug-now": String(now) });
    expect(debug.as_of).toBe(new Date(now).toISOString());
    expect(await trust("3600")).toEqual(kept);
  });
});
