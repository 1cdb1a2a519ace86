import type { DocumentRewrite } from "./document-rewriter.ts";

// What startAfterPaint uses of the page it runs in, declared for this module alone: the worker has no DOM.
interface PageNode {
  append(...nodes: PageNode[]): void;
  appendChild(node: PageNode): void;
}
interface PageElement extends PageNode {
  rel: string;
  href: string;
  type: string;
  src: string;
  nonce: string;
  textContent: string | null;
  readonly dataset: Record<string, string | undefined>;
  replaceWith(node: PageNode): void;
}
declare const document: {
  readonly head: PageNode;
  readonly readyState: string;
  readonly visibilityState: string;
  createDocumentFragment(): PageNode;
  createElement(tag: "link" | "script"): PageElement;
  querySelectorAll(selector: string): Iterable<{ decode(): Promise<void> }>;
};
declare function addEventListener(
  type: string,
  listener: () => void,
  options: { capture?: boolean; once?: boolean },
): void;
declare function requestAnimationFrame(callback: () => void): number;

/** Holds React Router's inline module script as an inert data block until the page has painted. */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

/** The longest the scripts wait for the page's priority images before they load anyway. */
export const PRIORITY_IMAGE_WAIT_MS = 2500;

/**
 * Runs in the browser, from the classic script placed right after the data block (so it takes no
 * value from its module: everything comes as arguments). Starts the scripts once the content and the
 * images the page marked `fetchpriority="high"` have painted, when the tab is hidden (nothing will
 * paint), on the visitor's first pointer or key press, or after `waitMs`, whichever comes first.
 * Once they have started and the page's `load` event has fired, it loads the module its own
 * `data-after-load` names (the service worker's page side, decision 043): never part of the first load.
 */
function startAfterPaint(data: PageElement, self: PageElement, waitMs: number) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const links = document.createDocumentFragment();
    for (const href of (data.dataset.modulepreload ?? "").split(" ")) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      links.append(link);
    }
    document.head.appendChild(links);
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = self.nonce;
    script.textContent = data.textContent;
    data.replaceWith(script);
    const afterLoad = self.dataset.afterLoad;
    if (!afterLoad) return;
    // A module script element rather than `import()`: the bundler would take an import() here for
    // the worker's own. Inserted by a nonce'd script, it runs under the CSP's 'strict-dynamic'.
    const load = () => {
      const module = document.createElement("script");
      module.type = "module";
      module.src = afterLoad;
      module.nonce = self.nonce;
      document.head.appendChild(module);
    };
    if (document.readyState === "complete") load();
    else addEventListener("load", load, { once: true });
  };
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, start, { capture: true, once: true });
  if (document.visibilityState !== "visible") return start();
  setTimeout(start, waitMs);
  const images = [...document.querySelectorAll('img[fetchpriority="high"]')];
  // A frame after the one that paints them: the rendering step that runs requestAnimationFrame
  // callbacks also paints, and the timeout's task comes after it.
  void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() =>
    requestAnimationFrame(() => setTimeout(start, 0)),
  );
}

/** The starter's code, written out once per isolate; each response adds only its nonce. */
const STARTER = `(${startAfterPaint})(document.currentScript.previousElementSibling,document.currentScript,${PRIORITY_IMAGE_WAIT_MS})`;

/**
 * The page paints before its scripts load (decision 015). React Router's `<Scripts>` asks for every
 * module at once: `modulepreload` links in the head and an inline module script with static imports.
 * On a slow connection those ~125 KB compete with the document and its hero image for the first
 * paint, which needs none of them: the page works without JavaScript. So the links are taken out,
 * their URLs kept on the module script, which becomes an inert data block; a small classic script
 * after it turns both back into a real preload and module script once the page has painted.
 * `afterLoad` is the URL of a module every page loads once those have started and its `load` event has
 * fired (`virtual:pwa-register`, decision 043), or null for none; pages without the router's module script
 * (none today) load neither.
 */
export const scriptsAfterPaint =
  (afterLoad: string | null): DocumentRewrite =>
  (rewriter, c) => {
    const nonce = c.get("secureHeadersNonce") ?? "";
    const afterLoadAttribute = afterLoad ? ` data-after-load="${afterLoad}"` : "";
    const preloads: string[] = [];
    let deferred = false;
    return rewriter
      .on('head link[rel="modulepreload"][href]', {
        element(link) {
          preloads.push(link.getAttribute("href")!);
          link.remove();
        },
      })
      .on('script[type="module"]:not([src])', {
        element(script) {
          // One module script boots the router; a second one (none today) would keep its own timing.
          if (deferred) return;
          deferred = true;
          script.setAttribute("type", DEFERRED_MODULE_TYPE);
          script.removeAttribute("async");
          if (preloads.length) script.setAttribute("data-modulepreload", preloads.join(" "));
          script.after(`<script nonce="${nonce}"${afterLoadAttribute}>${STARTER}</script>`, { html: true });
        },
      });
  };
