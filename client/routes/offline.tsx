import { useEffect, useState, useSyncExternalStore } from "react";
import { safeNextPath } from "#shared/auth-links.ts";
import { RELOAD_GUARD_MS } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import { OFFLINE_FROM_PARAM } from "#client/pwa/protocol.ts";
import { reloadOnce } from "#client/pwa/reload-guard.ts";
import { latestBuildId } from "#client/pwa/update-check.ts";
import { AvailableOffline } from "#client/components/offline/available-offline.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import intro from "#client/components/page-intro/page-intro.module.css";
import styles from "#client/components/static-page/static-page.module.css";
import buttons from "#client/styles/buttons.module.css";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import type { Route } from "./+types/offline";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["offline"], "offline");

/** The address the visitor asked for (`?from=`), only when it is a path of this site. */
const askedFor = (search: string) => safeNextPath(new URLSearchParams(search).get(OFFLINE_FROM_PARAM));

/** The page's own address does not change while it is open. */
const unchanging = () => () => {};

export const loader = withTexts(MESSAGES, ({ url }: Route.LoaderArgs) => ({ from: askedFor(url.search) }));

/** Not indexed, and in no sitemap: it is what the service worker shows when a page cannot load. */
export const meta: Route.MetaFunction = (args) => pageMeta(args, "offline", {}, { indexable: false });

/**
 * `/offline/` (decision 043): the service worker keeps it in every language (client/pwa/protocol.ts
 * OFFLINE_PATH) and answers with it when a page is neither reachable nor kept, adding `?from=` the
 * address asked for. "Try again" goes there; when the connection comes back, the page goes there itself.
 */
export default function Offline({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  // The service worker's copy was rendered without the query: once hydrated, the address bar says what was asked for.
  const search = useSyncExternalStore(
    unchanging,
    () => location.search,
    () => null,
  );
  const from = search === null ? loaderData.from : askedFor(search);
  const [online, setOnline] = useState(false);
  useEffect(() => {
    // The `online` event, or — when the connection came back before this page hydrated — a request the
    // service worker never answers. Never `navigator.onLine` alone: a connection that says it is up but
    // reaches nothing would send the visitor back and forth. Going back is an automatic reload: when one
    // happened less than 10 s ago (a return that failed, the network still waking), it is tried again then.
    let leaving = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const back = () => {
      setOnline(true);
      if (!from || leaving) return;
      leaving = true;
      if (reloadOnce("back online", () => location.replace(from))) return;
      retry = setTimeout(() => {
        leaving = false;
        back();
      }, RELOAD_GUARD_MS);
    };
    if (navigator.onLine) void latestBuildId().then((id) => id && back());
    window.addEventListener("online", back);
    return () => {
      clearTimeout(retry);
      window.removeEventListener("online", back);
    };
  }, [from]);
  return (
    <div className={styles.page}>
      {/* Back online, the page says so instead of "offline" — never both at once. */}
      {online ? (
        <header className={intro.intro}>
          <h1>{t("offline.back.heading")}</h1>
          <p className={intro.lead} role="status">
            {t(from ? "offline.back.returning" : "offline.back.lead")}
          </p>
          <p>
            <a href={from ?? lp(paths.home())} className={buttons.primaryLink}>
              {t("offline.back.continue")}
            </a>
          </p>
        </header>
      ) : (
        <PageIntro pageKey="offline">
          <p>
            {/* A document load: the service worker answers it (the router's data request would not be kept). */}
            <a href={from ?? lp(paths.home())} className={buttons.primaryLink}>
              {t("offline.tryAgain")}
            </a>
          </p>
        </PageIntro>
      )}
      <AvailableOffline />
    </div>
  );
}
