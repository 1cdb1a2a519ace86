/**
 * SPEC §6 guards for route loaders (issue 6 item 5, DESIGN §3.5):
 * - `requireUser`: an anonymous visitor goes to the same locale's home with the sign-in dialog open and
 *   `next` = this page (`/ru/?auth=signin&next=%2Fru%2Fcabinet%2F`);
 * - `requireVerifiedPhone`: listing creation needs a verified phone → the personal page's verify step;
 * - `requireAdmin`: anyone but an admin gets the 404 page (anonymous visitors are asked to sign in first).
 */
import { redirect } from "react-router";
import { type SessionUser } from "#shared/api/auth.ts";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext, type RequestArgs } from "#client/app-context.ts";
import { notFound } from "./http-errors.ts";

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
export function signInLocation(path: string): string {
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

export function requireAdmin(args: RequestArgs): SessionUser {
  const user = requireUser(args);
  if (user.role !== "admin") {
    const { url, path } = requestedPath(args.request);
    throw notFound(new URL(path, url));
  }
  return user;
}

export type Guard = (args: RequestArgs) => SessionUser;
