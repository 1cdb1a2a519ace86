import { useState } from "react";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import styles from "./listing-facts.module.css";

type Mode = "plain" | "share" | "copy";

/**
 * Shares the page: the system share sheet where the browser has one (Web Share API), else a button that
 * copies the link, else (no JavaScript) the link itself. All three take the same place in the layout.
 */
export function ShareLink({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  // A browser that refused to copy gets the plain link.
  const [copyFailed, setCopyFailed] = useState(false);
  const mode: Mode = !useHydrated()
    ? "plain"
    : typeof navigator.share === "function"
      ? "share"
      : navigator.clipboard && window.isSecureContext && !copyFailed
        ? "copy"
        : "plain";

  const icon = (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );

  if (mode === "plain") {
    return (
      <a className={styles.shareButton} href={url}>
        {icon}
        <span>{t("detail.share.link")}</span>
      </a>
    );
  }

  const onClick = async () => {
    if (mode === "share") {
      // Dismissing the share sheet rejects: nothing to report.
      await navigator.share({ url, title }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 4000);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <span className={styles.share}>
      <button type="button" className={styles.shareButton} onClick={onClick} data-testid="detail-share">
        {icon}
        <span>{mode === "share" ? t("detail.share.share") : t("detail.share.copy")}</span>
      </button>
      <span role="status" className={copied ? styles.status : "visually-hidden"}>
        {copied ? t("detail.share.copied") : ""}
      </span>
    </span>
  );
}
