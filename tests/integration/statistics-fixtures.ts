/**
 * The listings' statistics events reach D1 through the statistics queue (decision 093): a test reads a
 * counter after `statisticsWritten()`, which sends one more event through the real queue — a list show of a
 * seeded listing no test counts — and waits until that one is written. The queue hands its consumer the
 * events in the order they came, a batch after the other, so every event sent before is written by then
 * (or was dropped as not counting): a count read after it, zero included, is the final one.
 */
import { env, SELF } from "cloudflare:test";
import { vi } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { uniqueIp } from "./auth-fixtures.ts";

let sentinel: number | undefined;

const listShows = async (id: number) =>
  (await env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM listing_stats WHERE listing_id = ? AND kind = 'list'")
    .bind(id)
    .first<{ n: number }>())!.n;

export async function statisticsWritten(): Promise<void> {
  sentinel ??= (await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' AND deleted_at IS NULL AND id < 900000 ORDER BY id DESC LIMIT 1",
  ).first<{ id: number }>())!.id;
  const id = sentinel;
  const before = await listShows(id);
  const res = await SELF.fetch(`${ORIGIN}/api/statistics/realty/${id}/list`, {
    method: "POST",
    headers: { "cf-connecting-ip": uniqueIp() },
  });
  if (res.status !== 204) throw new Error(`the statistics sentinel answered ${res.status}`);
  await vi.waitFor(
    async () => {
      if ((await listShows(id)) <= before) throw new Error("the statistics queue has not written the sentinel yet");
    },
    { timeout: 15_000, interval: 25 },
  );
}
