import { useEffect, useRef, useState } from "react";
import { TOUCH_CLOSE_TOLERANCE_PX } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import type { Alert } from "./alerts.tsx";
import styles from "./alerts.module.css";

/** The alerts on screen (SPEC §3 Alert, §9 timings): each closes after its timeout, by its button or a swipe. */
export default function AlertList({ alerts, dismiss }: { alerts: Alert[]; dismiss: (id: string) => void }) {
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
