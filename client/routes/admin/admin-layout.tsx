import { Outlet } from "react-router";
import { AdminNav } from "#client/components/admin/admin-nav.tsx";
import { requireStaff } from "#client/guards.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import type { Route } from "./+types/admin-layout";

/**
 * Every page under `/admin/`: staff only — a 404 for anyone else — with the navigation
 * of the sections the person's roles open. Each page still guards itself with the role it needs.
 */
export const loader = withTexts(["admin.nav"], function loader(args: Route.LoaderArgs) {
  return { roles: requireStaff(args).roles };
});

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav roles={loaderData.roles} />
      <Outlet />
    </>
  );
}
