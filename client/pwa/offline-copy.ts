/**
 * A page the service worker answered from its cache carries `<meta name="offline-copy" content="{ISO
 * time it was fetched}">`: it says so in a polite notice — offline, that the visitor is offline and
 * when the copy was saved; online again (or when a slow network made the worker answer with the
 * copy), the same with a Reload button for the current page.
 */
import { type Locale, localeEntry } from "#shared/locales.ts";
import type { Translate } from "./messages.ts";
import { showNotice } from "./notices.ts";
import { OFFLINE_COPY_META } from "./protocol.ts";

/** When the copy shown was saved, or null when the page is not a saved copy. */
export function savedCopyTime(): Date | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${OFFLINE_COPY_META}"]`)?.content;
  const time = content ? new Date(content) : null;
  return time && !Number.isNaN(time.getTime()) ? time : null;
}

/** Shows the notice on a saved copy and keeps it true to the connection; returns what stops it. */
export function showSavedCopyNotice(t: Translate, locale: Locale): () => void {
  const saved = savedCopyTime();
  if (!saved) return () => {};
  const date = new Intl.DateTimeFormat(localeEntry(locale).intl, { dateStyle: "long", timeStyle: "short" }).format(
    saved,
  );
  const show = () =>
    showNotice(
      navigator.onLine
        ? {
            id: "saved-copy",
            text: t("savedCopy", { date }),
            closeLabel: t("close"),
            // Asked for by the visitor: a plain reload, not an automatic one the guard would hold back.
            action: { label: t("reload"), run: () => location.reload() },
          }
        : { id: "saved-copy", text: t("offlineCopy", { date }), closeLabel: t("close") },
    );
  show();
  addEventListener("online", show);
  addEventListener("offline", show);
  return () => {
    removeEventListener("online", show);
    removeEventListener("offline", show);
  };
}
