import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { ALERT_TIMEOUT_MS } from "#shared/constants.ts";
import { onApiFailure } from "#client/api/api-failures.ts";
import { alertForStatus } from "./failure-alert.ts";
import { useI18n } from "#client/i18n/intl.tsx";

/** The alerts' look and behaviour load with the first alert: most visits never see one. */
const AlertList = lazy(() => import("./alert-list.tsx"));

/** SPEC §3 "Alert": type, message, timeout, id. A timeout of 0 keeps the alert until it is closed. */
export interface Alert {
  id: string;
  type: "success" | "info" | "warning" | "error";
  message: string;
  timeout: number;
}

export type AlertInput = Omit<Alert, "id" | "timeout"> & Partial<Pick<Alert, "id" | "timeout">>;

interface AlertsApi {
  alerts: Alert[];
  push: (alert: AlertInput) => string;
  dismiss: (id: string) => void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

let counter = 0;

/**
 * The page's alerts: those a component pushes, and the SPEC §8 alert of every failed API call the
 * browser makes (client/api/api-failures.ts). `errorLogging`: a 500 alert shows the server's message.
 */
export function AlertsProvider({ children, errorLogging = false }: { children: ReactNode; errorLogging?: boolean }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const dismiss = useCallback((id: string) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  const push = useCallback((input: AlertInput) => {
    const alert: Alert = { timeout: ALERT_TIMEOUT_MS, ...input, id: input.id ?? `alert-${++counter}` };
    // The same id replaces the earlier alert instead of stacking a duplicate.
    setAlerts((list) => [...list.filter((a) => a.id !== alert.id), alert]);
    return alert.id;
  }, []);
  const value = useMemo(() => ({ alerts, push, dismiss }), [alerts, push, dismiss]);
  const { intl } = useI18n();
  useEffect(
    () =>
      onApiFailure(({ status, serverMessage }) => {
        const alert = alertForStatus(status, serverMessage, errorLogging);
        if (alert) push({ type: "error", message: intl.formatMessage({ id: alert.messageId }, alert.values) });
      }),
    [errorLogging, intl, push],
  );
  return (
    <AlertsContext.Provider value={value}>
      {children}
      {alerts.length ? (
        <Suspense fallback={null}>
          <AlertList alerts={alerts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </AlertsContext.Provider>
  );
}

export function useAlerts() {
  const value = useContext(AlertsContext);
  if (!value) throw new Error("useAlerts outside AlertsProvider");
  return value;
}
