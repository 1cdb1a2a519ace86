import { useEffect, useRef, useState } from "react";
import { TOUCH_CLOSE_TOLERANCE_PX } from "#shared/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import type { Notice } from "./notices.tsx";
import styles from "./notices.module.css";

/** The notices on screen (product §3 Notice, §9 timings): each closes after its timeout, by its button or a swipe. */
export default function NoticeList({ notices, dismiss }: { notices: Notice[]; dismiss: (id: string) => void }) {
  const { t } = useI18n();
  return (
    <section className={styles.region} aria-label={t("notice.region")}>
      <ul className={styles.list}>
        {notices.map((notice) => (
          <NoticeItem
            key={notice.id}
            notice={notice}
            onClose={() => dismiss(notice.id)}
            closeLabel={t("notice.close")}
          />
        ))}
      </ul>
    </section>
  );
}

function NoticeItem({ notice, onClose, closeLabel }: { notice: Notice; onClose: () => void; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!notice.timeout || paused) return;
    const timer = setTimeout(onClose, notice.timeout);
    return () => clearTimeout(timer);
  }, [notice.timeout, paused, onClose]);

  return (
    <li
      className={`${styles.notice} ${styles[notice.type]}`}
      role={notice.type === "error" ? "alert" : "status"}
      data-notice-id={notice.id}
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
      <p>{notice.text}</p>
      <button type="button" onClick={onClose} aria-label={closeLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
