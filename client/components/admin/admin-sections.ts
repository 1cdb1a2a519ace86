import { hasRole, type StaffRole } from "#shared/staff-roles.ts";
import { privatePaths } from "#shared/private-paths.ts";

/**
 * The back office's sections and the role each needs (decision 057; admin holds them all). The header's
 * link, the navigation and the dashboard show a person only the sections their roles open.
 */
const ADMIN_SECTIONS = [
  { key: "dashboard", role: null, to: privatePaths.admin.home() },
  { key: "content", role: "editor", to: privatePaths.admin.articles() },
  { key: "moderation", role: "moderator", to: privatePaths.admin.moderation() },
  { key: "listings", role: "moderator", to: privatePaths.admin.listings() },
  { key: "agencies", role: "moderator", to: privatePaths.admin.agencies() },
  { key: "users", role: "admin", to: privatePaths.admin.users() },
  { key: "payments", role: "admin", to: privatePaths.admin.payments() },
  { key: "audit", role: "admin", to: privatePaths.admin.audit() },
] as const satisfies readonly { key: string; role: StaffRole | null; to: string }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The sections a person with these roles may open; none without a staff role. */
export function sectionsFor(roles: readonly StaffRole[]): AdminSection[] {
  if (roles.length === 0) return [];
  return ADMIN_SECTIONS.filter((section) => section.role === null || hasRole(roles, section.role));
}
