import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { createApiClient } from "#shared/api-client.ts";
import { useAlerts } from "#client/components/alerts/alerts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import type { RootData } from "#client/root-data.ts";

/** The API client for the browser: same origin, the page's locale, failures shown as alerts (SPEC §8). */
export function useApi() {
  const { locale, t } = useI18n();
  const { push } = useAlerts();
  const root = useRouteLoaderData<RootData>("root");
  return useMemo(
    () =>
      createApiClient({
        baseUrl: window.location.origin,
        locale,
        errorLogging: root?.errorLogging ?? false,
        onAlert: (alert) => push({ type: alert.type, message: t(alert.messageId, alert.values) }),
      }),
    // `t` changes with the locale, which is already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale, push, root?.errorLogging],
  );
}
