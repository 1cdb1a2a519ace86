/**
 * The page side's notices (ready offline, a new version, a saved copy): plain DOM, appended to the end
 * of `<body>` after the page has hydrated (register.ts runs after `load`), so React never meets them.
 * Two live regions made once and filled a moment later — a region added together with its text is
 * often not announced: `role="status"` for the polite ones, `role="alert"` for the update. Focus is
 * never moved; the buttons are ordinary ones at the end of the tab order, 44 px at least. They stand above a
 * listing's contact bar on phones (`--bottom-bar`), never over the header.
 */

/** How long the live regions exist before their first text, so screen readers notice the change. */
const LIVE_REGION_DELAY_MS = 100;

const STYLE = `
.pwa-notices{position:fixed;left:1rem;bottom:calc(1rem + var(--bottom-bar,0px) + env(safe-area-inset-bottom,0px));z-index:60;width:max-content;max-width:min(28rem,calc(100vw - 2rem));display:grid;gap:.5rem}
@media (max-width:599px){.pwa-notices{left:.5rem;right:.5rem;bottom:calc(.5rem + var(--bottom-bar,0px) + env(safe-area-inset-bottom,0px));width:auto;max-width:none}}
.pwa-notices>div{display:grid;gap:.5rem}
.pwa-notices>div:empty{display:none}
.pwa-notice{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem;padding:.25rem .25rem .25rem 1rem;border-radius:var(--radius,8px);background:var(--surface,#fff);color:var(--text,#1c2421);border-left:6px solid var(--brand,#0f5c4d);box-shadow:0 6px 24px rgb(0 0 0/.18)}
.pwa-notice.pwa-urgent{border-left-color:var(--accent,#e8a33d)}
.pwa-notice p{margin:.5rem 0;flex:1 1 12rem}
.pwa-notice button{min-width:44px;min-height:44px;cursor:pointer;font:inherit}
.pwa-notice .pwa-action{padding:0 1rem;border:0;border-radius:var(--radius,8px);background:var(--brand,#0f5c4d);color:#fff;font-weight:600}
.pwa-notice .pwa-close{margin-left:auto;border:0;background:none;font-size:1.5rem;line-height:1;color:var(--text-muted,#4f5b57)}`;

export interface Notice {
  /** A notice with the same id replaces the earlier one. */
  id: string;
  text: string;
  /** The label of the close button (it shows "×"). */
  closeLabel: string;
  /** An update: in the `role="alert"` region rather than the polite one. */
  urgent?: boolean;
  action?: { label: string; run: () => void };
  /** Closes by itself after this long, unless the pointer or focus is on it. */
  timeoutMs?: number;
}

let regions: { status: HTMLElement; alert: HTMLElement; ready: boolean } | undefined;
const shown = new Map<string, HTMLElement>();

function container() {
  if (regions) return regions;
  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.appendChild(style);
  const root = document.createElement("div");
  root.className = "pwa-notices";
  const status = document.createElement("div");
  status.setAttribute("role", "status");
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  root.appendChild(alert);
  root.appendChild(status);
  document.body.appendChild(root);
  const made = { status, alert, ready: false };
  setTimeout(() => (made.ready = true), LIVE_REGION_DELAY_MS);
  return (regions = made);
}

/** Shows a notice; returns what closes it. */
export function showNotice(notice: Notice): () => void {
  closeNotice(notice.id);
  const { status, alert, ready } = container();
  const element = document.createElement("div");
  element.className = notice.urgent ? "pwa-notice pwa-urgent" : "pwa-notice";
  element.dataset.notice = notice.id;
  const text = document.createElement("p");
  text.textContent = notice.text;
  element.appendChild(text);
  if (notice.action) {
    const { label, run } = notice.action;
    element.appendChild(button("pwa-action", label, undefined, run));
  }
  const close = () => {
    clearTimeout(timer);
    element.remove();
    if (shown.get(notice.id) === element) shown.delete(notice.id);
  };
  element.appendChild(button("pwa-close", "×", notice.closeLabel, close));
  element.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const { timeoutMs } = notice;
  if (timeoutMs) {
    const arm = () => (timer = setTimeout(close, timeoutMs));
    const hold = () => clearTimeout(timer);
    element.addEventListener("pointerenter", hold);
    element.addEventListener("focusin", hold);
    element.addEventListener("pointerleave", arm);
    element.addEventListener("focusout", (event) => {
      if (!element.contains(event.relatedTarget as Node | null)) arm();
    });
    arm();
  }

  shown.set(notice.id, element);
  const region = notice.urgent ? alert : status;
  if (ready) region.appendChild(element);
  else setTimeout(() => shown.get(notice.id) === element && region.appendChild(element), LIVE_REGION_DELAY_MS);
  return close;
}

export function closeNotice(id: string): void {
  shown.get(id)?.querySelector<HTMLButtonElement>(".pwa-close")?.click();
}

function button(className: string, text: string, label: string | undefined, onClick: () => void) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = text;
  if (label) element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}

/** For tests: forgets the container (the document is cleared between them). */
export function resetNotices(): void {
  regions = undefined;
  shown.clear();
}
