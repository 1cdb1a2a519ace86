/**
 * The Worker's Cron Trigger handler (wrangler.toml `[triggers]`): the house-keeping that runs on a schedule.
 * Run it locally with `curl "http://localhost:8787/cdn-cgi/handler/scheduled"` under `wrangler dev --test-scheduled`,
 * and in tests by calling it (tests/integration/scheduled.test.ts).
 */
import { pruneRateLimits } from "#worker/db/rate-limits.ts";
import { RATE_LIMIT_MAX_WINDOW_S } from "#worker/services/rate-limit.ts";

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  // Counters of windows that ended can no longer refuse anything (worker/services/rate-limit.ts).
  const pruned = await pruneRateLimits(env.DB, controller.scheduledTime - RATE_LIMIT_MAX_WINDOW_S * 1000);
  console.log(`scheduled ${controller.cron}: ${pruned} expired rate-limit counters removed`);
}
