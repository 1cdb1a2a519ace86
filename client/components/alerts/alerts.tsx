import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { ALERT_TIMEOUT_MS, TOUCH_CLOSE_TOLERANCE_PX } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./alerts.module.css";

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

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const dismiss = useCallback((id: string) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  const push = useCallback((input: AlertInput) => {
    const alert: Alert = { timeout: ALERT_TIMEOUT_MS, ...input, id: input.id ?? `alert-${++counter}` };
    // The same id replaces the earlier alert instead of stacking a duplicate.
    setAlerts((list) => [...list.filter((a) => a.id !== alert.id), alert]);
    return alert.id;
  }, []);
  const value = useMemo(() => ({ alerts, push, dismiss }), [alerts, push, dismiss]);
  return (
    <AlertsContext.Provider value={value}>
      {children}
      <AlertList alerts={alerts} dismiss={dismiss} />
    </AlertsContext.Provider>
  );
}

export function useAlerts() {
  const value = useContext(AlertsContext);
  if (!value) throw new Error("useAlerts outside AlertsProvider");
  return value;
}

function AlertList({ alerts, dismiss }: { alerts: Alert[]; dismiss: (id: string) => void }) {
  const { t } = useI18n();
  return (
    <section className={styles.region} aria-label={t("alert.region")}>
      <ul className={styles.list}>
        {alerts.map((alert) => (
          <AlertItem key={alert.id} alert={alert} onClose={() => dismiss(alert.id)} closeLabel={t("alert.close")} />
        ))}
      </ul>
    </section>
  );
}

function AlertItem({ alert, onClose, closeLabel }: { alert: Alert; onClose: () => void; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!alert.timeout || paused) return;
    const timer = setTimeout(onClose, alert.timeout);
    return () => clearTimeout(timer);
  }, [alert.timeout, paused, onClose]);

  return (
    <li
      className={`${styles.alert} ${styles[alert.type]}`}
      role={alert.type === "error" ? "alert" : "status"}
      data-alert-id={alert.id}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        if (touch) touchStart.current = { x: touch.clientX, y: touch.clientY };
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const touch = event.changedTouches[0];
        touchStart.current = null;
        if (!start || !touch) return;
        // A swipe further than the tolerance in any direction closes; a shorter one is a tap.
        if (Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > TOUCH_CLOSE_TOLERANCE_PX) onClose();
      }}
    >
      <p>{alert.message}</p>
      <button type="button" onClick={onClose} aria-label={closeLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
