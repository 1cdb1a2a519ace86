/**
 * The back office's guard (decision 057): a route for a staff role answers 404 — as a path that does not
 * exist — to anyone without it (admin holds every role), signed in or not, and is never stored by a cache.
 */
import type { MiddlewareHandler } from "hono";
import { hasRole, type StaffRole } from "#shared/staff-roles.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { apiError } from "#worker/http/api-error.ts";

export function requireRole(role: StaffRole, message = "No such endpoint"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user || !hasRole(user.roles, role)) return apiError(c, 404, "not_found", message);
    await next();
    c.header("Cache-Control", "private, no-store");
  };
}
