/** When something last left or entered the public site (migration 0055, decision 107). */
import type { Database } from "#worker/app-env.ts";

/** Epoch milliseconds of the last change of what the public site shows; Infinity when unknown. */
export async function visibilityChangedAt(db: Database): Promise<number> {
  const row = await db
    .prepare("SELECT changed_at FROM visibility_changes WHERE id = 1")
    .first<{ changed_at: number }>();
  return row?.changed_at ?? Number.POSITIVE_INFINITY;
}
