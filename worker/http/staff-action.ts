import type { Context } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import type { ActionContext } from "#worker/db/audit.ts";
import { requestIdOf } from "./request-id.ts";
import { nowOf } from "./request-clock.ts";

/** The signed-in staff member's action: who, the request's clock, and its log id, for the audit row. */
export function staffAction(c: Context<AppEnv>): ActionContext<{ kind: "user"; id: number }> {
  return { actor: { kind: "user", id: c.get("user")!.id }, now: nowOf(c), requestId: requestIdOf(c) };
}
