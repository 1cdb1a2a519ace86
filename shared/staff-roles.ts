/**
 * The staff roles a person may hold, any several of them (decision 057), and the one check of them: the
 * API's guards, the pages' guards and the back office's menu ask `hasRole`.
 */

export const STAFF_ROLES = ["admin", "moderator", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each area of the back office needs: the role itself, or admin (which includes every other). */
export const hasRole = (roles: readonly StaffRole[], role: StaffRole) =>
  roles.includes("admin") || roles.includes(role);
