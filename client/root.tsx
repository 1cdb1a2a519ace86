import { Links, Meta, Outlet, Scripts, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { localeEntry, splitLocale } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import type { Route } from "./+types/root";
import { NoticesProvider } from "./components/notices/notices.tsx";
import { AuthDialogMount } from "./components/auth-dialog/auth-dialog-mount.tsx";
import { ScrollRestoration } from "./components/scroll-restoration/scroll-restoration.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { NavigationProgress, useNavigationBusy } from "./components/layout/navigation-progress.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { I18nProvider, usePageTexts } from "./i18n/intl.tsx";
import { AUTH_DIALOG_TEXT_SCOPES, ROOT_TEXT_SCOPES } from "./i18n/text-scopes.server.ts";
import { AUTH_DIALOG_PARAM } from "#shared/auth-links.ts";
import { favouriteIdsOf } from "#client/components/my-favourites/favourites.server.ts";
import { reportFailedActions } from "./api/api-failures.ts";
import type { RootData } from "./root-data.ts";
import { useAfterHydration } from "./after-hydration.ts";
import { rootDataIsNobodys } from "./visitor.ts";
import "./styles/global.css";

/** Every failed form post or fetcher submission shows its product §8 notice (client/api/api-failures.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [reportFailedActions];

/** Never throws: the error screens need its texts. */
export async function loader({ request, url, context }: Route.LoaderArgs): Promise<RootData> {
  const { origin, user, api, country, texts, errorLogging, kept } = context.get(appContext);
  const { locale } = splitLocale(url.pathname);
  const [favourites, unreadMessages] = await Promise.all([
    favouriteIdsOf(request, api, user !== null),
    // A count that fails to load shows none; the person's live channel sends it when it opens.
    user ? api.unreadCount().then((result) => (result.ok ? result.data.data.unread : 0)) : undefined,
  ]);
  return {
    kept: kept || undefined,
    favourites,
    unreadMessages,
    messagesPath: user ? privatePaths.cabinet.messages() : undefined,
    country,
    locale,
    ogLocale: localeEntry(locale).og,
    messages: texts.packed(
      url.searchParams.has(AUTH_DIALOG_PARAM) ? [...ROOT_TEXT_SCOPES, ...AUTH_DIALOG_TEXT_SCOPES] : ROOT_TEXT_SCOPES,
    ),
    origin,
    errorLogging,
    user: user
      ? {
          id: user.id,
          name: user.name,
          role: user.role,
          roles: user.roles,
          phone_verified: user.phone_verified,
          image_variants: user.image_variants,
        }
      : null,
  };
}

/**
 * The texts change with the language, and the sign-in dialog's come when it opens: other
 * navigations keep the root data; forms refresh it. A kept document's is nobody's: the first navigation
 * of a visitor with their own state loads theirs (decision 094).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (rootDataIsNobodys()) return true;
  if (splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale) return true;
  if (!currentUrl.searchParams.has(AUTH_DIALOG_PARAM) && nextUrl.searchParams.has(AUTH_DIALOG_PARAM)) return true;
  return formMethod ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  useAfterHydration(data);
  const locale = data?.locale ?? "en";
  const texts = usePageTexts();
  const busy = useNavigationBusy();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider locale={locale} texts={texts}>
          <NoticesProvider errorLogging={data?.errorLogging}>
            <NavigationProgress />
            <SiteHeader />
            <main id="main" tabIndex={-1} aria-busy={busy || undefined}>
              {children}
            </main>
            <SiteFooter />
            {/* The sign-in dialog of `?auth=signin|register|recover` (decision 007). */}
            <AuthDialogMount />
          </NoticesProvider>
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Development-only `X-Debug-Fault: render` (routes/locale-scope.tsx): fail while rendering the page.
  if (useRouteLoaderData<{ renderFault?: boolean }>("routes/locale-scope")?.renderFault) {
    throw new Error("Injected render fault");
  }
  return <Outlet />;
}

/** Product §2 error screens (client/components/error-screen/error-boundary.tsx). */
export { ErrorBoundary } from "./components/error-screen/error-boundary.tsx";
