/**
 * Offline, a click on a link of this site would be the router's client-side navigation: a data request
 * that fails and ends on an error screen. While the browser says it is offline, same-origin links and GET
 * forms are left to the browser instead (a document load), which the service worker answers with a kept
 * copy or the offline page. Stopping the event at the window, in the capture phase, keeps it from React's
 * listener on the root without cancelling the browser's own navigation.
 */
export function documentLoadsWhileOffline(target: Window = window) {
  const origin = target.location.origin;
  target.addEventListener(
    "click",
    (event) => {
      if (target.navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      if (new URL(link.href, origin).origin !== origin) return;
      event.stopPropagation();
    },
    { capture: true },
  );
  target.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (target.navigator.onLine || event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      if (form.method.toLowerCase() !== "get" || new URL(form.action, origin).origin !== origin) return;
      event.stopPropagation();
    },
    { capture: true },
  );
}
