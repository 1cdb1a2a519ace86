/** Fixture listings of the payment tests (ids 930000+), each made for one test: nothing shared between tests. */
import { env } from "cloudflare:test";

let next = 930_000 + Math.floor(Math.random() * 1000) * 50;

/** A new listing of `ownerId` in `status`, with no placement. */
export async function fixtureListing(ownerId: number, status = "active"): Promise<number> {
  const id = next++;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
       title, title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
     VALUES (?, 4, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2, 'Payment fixture', 1,
       'A fixture flat for the payment tests.', 'en', ?, '+381601234567', ?, ?, ?, ?)`,
  )
    .bind(id, ownerId, status, now - 86_400_000, now - 86_400_000, now + 20 * 86_400_000)
    .run();
  return id;
}

export const listingPlacements = (id: number) =>
  env.DB.prepare("SELECT promoted_until, highlight_until, home_until FROM listings WHERE id = ?")
    .bind(id)
    .first<{ promoted_until: number | null; highlight_until: number | null; home_until: number | null }>();

export const periodsOf = async (id: number) =>
  (
    await env.DB.prepare(
      "SELECT placement, starts_at, ends_at, stopped_at, closed_at, intent_id FROM promotions WHERE listing_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{
        placement: string;
        starts_at: number;
        ends_at: number;
        stopped_at: number | null;
        closed_at: number | null;
        intent_id: string;
      }>()
  ).results;
