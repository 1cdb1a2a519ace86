/**
 * The service worker's lifecycle as the visitor sees it (product §4): the first install says once ever
 * that the site works offline; a new version — a worker waiting, or the hourly check finding another
 * build deployed — raises a notice with a Reload button. Reload hands over to the waiting worker
 * (SKIP_WAITING) and reloads when it controls the page; with no worker waiting (the check was first,
 * or another tab took the update already) it reloads plainly. Either reload goes through the guard.
 */
import type { Workbox } from "workbox-window";
import { NOTICE_TIMEOUT_MS } from "#shared/constants.ts";
import type { Translate } from "./messages.ts";
import { showNotice } from "./notices.ts";
import { reloadOnce } from "./reload-guard.ts";
import { startUpdateCheck } from "./update-check.ts";

/** Set once the "ready to work offline" notice was shown in this browser. */
const OFFLINE_READY_KEY = "pwa-offline-ready-shown";
/** How long a worker told to take over may take before the page reloads anyway. */
const TAKE_OVER_WAIT_MS = 3000;

type WorkboxLike = Pick<Workbox, "addEventListener" | "register" | "update" | "messageSkipWaiting">;

function showOfflineReadyOnce(t: Translate) {
  try {
    if (localStorage.getItem(OFFLINE_READY_KEY)) return;
    localStorage.setItem(OFFLINE_READY_KEY, "1");
  } catch {
    return;
  }
  showNotice({ id: "offline-ready", text: t("offlineReady"), closeLabel: t("close"), timeoutMs: NOTICE_TIMEOUT_MS });
}

/** A worker still installing, once it is installed (or null when it failed). */
function installed(worker: ServiceWorker): Promise<ServiceWorker | null> {
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === "installed") resolve(worker);
      else if (worker.state === "redundant") resolve(null);
      else return;
      worker.removeEventListener("statechange", settle);
    };
    worker.addEventListener("statechange", settle);
    settle();
  });
}

/** Registers the worker and follows its updates; returns what stops the hourly check. */
export async function watchUpdates(wb: WorkboxLike, t: Translate): Promise<() => void> {
  let accepted = false;

  const takeUpdate = async () => {
    const registration = await registered;
    let waiting = registration?.waiting ?? null;
    if (!waiting && registration?.installing) waiting = await installed(registration.installing);
    if (!waiting) {
      reloadOnce("a new build");
      return;
    }
    accepted = true;
    wb.messageSkipWaiting();
    setTimeout(() => reloadOnce("a new version (the worker did not take over)"), TAKE_OVER_WAIT_MS);
  };
  const showUpdate = () =>
    showNotice({
      id: "update",
      urgent: true,
      text: t("needRefresh"),
      closeLabel: t("close"),
      action: { label: t("reload"), run: () => void takeUpdate() },
    });

  wb.addEventListener("installed", (event) => {
    if (!event.isUpdate && !event.isExternal) showOfflineReadyOnce(t);
  });
  wb.addEventListener("waiting", showUpdate);
  // Only after Reload was chosen here: another tab's update must not reload this one under its visitor.
  wb.addEventListener("controlling", () => {
    if (accepted) reloadOnce("a new version");
  });
  // After the listeners: its events may come while it registers.
  const registered = wb.register();
  await registered;
  return startUpdateCheck(() => {
    // The worker learns of the new build too, so Reload can hand over to it.
    wb.update().catch(() => {});
    showUpdate();
  });
}
