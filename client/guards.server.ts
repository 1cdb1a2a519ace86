/**
 * Product §6 guards for route loaders (architecture §3.5, decision 006):
 * - `requireUser`: an anonymous visitor goes to the same locale's home with the sign-in dialog open and
 *   `next` = this page (`/ru/?auth=signin&next=%2Fru%2Fcabinet%2F`);
 * - `requireVerifiedPhone`: listing creation needs a verified phone → the personal page's verify step;
 * - `requireRole` (`requireAdmin`, `requireModerator`, `requireEditor`; `requireStaff` for any role): anyone without the staff role gets the 404 page
 *   (anonymous visitors are asked to sign in first; decision 057).
 */
import { redirect } from "react-router";
import { type SessionUser } from "#shared/api/auth.ts";
import { hasRole, type StaffRole } from "#shared/staff-roles.ts";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import { notFound } from "./http-errors.server.ts";

/** The page the visitor asked for, without React Router's `.data` suffix and `_routes` parameter. */
export function requestedPath(request: Request): { url: URL; path: string } {
  const url = new URL(request.url);
  // Loaders normally see the page URL already; a raw single-fetch URL (`/x/_.data`, `/_root.data`) is mapped back.
  const pathname = url.pathname.replace(/(?:^\/_root|\/_)?\.data$/, "/");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return { url, path: pathname + (query ? `?${query}` : "") };
}

/** `/{locale}/?auth=signin&next=…` for a page path. */
function signInLocation(path: string): string {
  const { locale } = splitLocale(path);
  const next = safeNextPath(path);
  const query = new URLSearchParams({ [AUTH_DIALOG_PARAM]: "signin" });
  if (next) query.set(NEXT_PARAM, next);
  return `${localizePath(paths.home(), locale)}?${query}`;
}

export function requireUser({ request, context }: RequestArgs): SessionUser {
  const user = context.get(appContext).user;
  if (!user) throw redirect(signInLocation(requestedPath(request).path));
  return user;
}

export function requireVerifiedPhone(args: RequestArgs): SessionUser {
  const user = requireUser(args);
  if (!user.phone_verified) {
    const { path } = requestedPath(args.request);
    const query = new URLSearchParams({ verify: "phone" });
    const next = safeNextPath(path);
    if (next) query.set(NEXT_PARAM, next);
    throw redirect(`${localizePath(privatePaths.cabinet.personal(), splitLocale(path).locale)}?${query}`);
  }
  return user;
}

/** Anyone without the staff role (admin holds them all, decision 057) gets the 404 page. */
function requireRole(args: RequestArgs, role: StaffRole): SessionUser {
  const user = requireUser(args);
  if (!hasRole(user.roles, role)) {
    const { url, path } = requestedPath(args.request);
    throw notFound(new URL(path, url));
  }
  return user;
}

/** The back office's frame and dashboard: anyone holding a staff role. */
export function requireStaff(args: RequestArgs): SessionUser {
  const user = requireUser(args);
  if (user.roles.length === 0) {
    const { url, path } = requestedPath(args.request);
    throw notFound(new URL(path, url));
  }
  return user;
}

export const requireAdmin = (args: RequestArgs): SessionUser => requireRole(args, "admin");
/** The moderation queue, reports and the listing preview: moderators and admins. */
export const requireModerator = (args: RequestArgs): SessionUser => requireRole(args, "moderator");

/** The back office's content: editors and admins. */
export const requireEditor = (args: RequestArgs): SessionUser => requireRole(args, "editor");
