import { Suspense } from "react";
import { useLocation } from "react-router";
import { LazyStylesheets } from "#client/components/lazy-stylesheets/lazy-stylesheets.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { lazyComponent } from "#client/lazy-component.tsx";
import type { AuthDialogProps } from "./auth-dialog.tsx";
import { AUTH_ROUTE_PATH, initialView } from "./auth-view.ts";

/** The dialog's code (forms, phone widget, schemas) loads only on a page that opens it. */
const AuthDialog = lazyComponent<AuthDialogProps>(() =>
  import("./auth-dialog.tsx").then((module) => ({ default: module.AuthDialog })),
);

/** The sign-in dialog of `?auth=signin|register|recover` over any page (decision 007). */
export function AuthDialogMount() {
  const { pathname, search } = useLocation();
  const lp = useLocalePath();
  const view = initialView(new URLSearchParams(search));
  if (!view || pathname === lp(AUTH_ROUTE_PATH)) return null;
  return (
    <>
      <LazyStylesheets module="client/components/auth-dialog/auth-dialog.tsx" />
      <Suspense fallback={null}>
        <AuthDialog key={`${view.mode}-${view.via}`} view={view} />
      </Suspense>
    </>
  );
}
