import type { AppEnv } from "#worker/app-env.ts";
import type { DocumentRewrite } from "./document-rewriter.ts";

/** Above this a stylesheet stays a separate file: inlining pays off only for small ones. */
const INLINE_STYLESHEET_MAX_BYTES = 16 * 1024;

/**
 * Built stylesheets are immutable (hashed names): their text is kept for the isolate's life. The text is
 * kept, not the read's promise: a request must not wait on I/O another request started, which workerd ends
 * with that request ("Promise will never complete"), so requests that miss at the same moment each read
 * (as `referenceData` does); a failed read is not kept.
 */
const stylesheets = new Map<string, string | null>();

/** The stylesheet's text when it is small enough to inline, else null. */
export async function stylesheet(env: Pick<AppEnv["Bindings"], "ASSETS">, origin: string, path: string) {
  if (stylesheets.has(path)) return stylesheets.get(path)!;
  let css: string;
  try {
    const res = await env.ASSETS.fetch(new URL(path, origin));
    if (!res.ok) return null;
    css = await res.text();
  } catch {
    return null;
  }
  // `</style` cannot end the element early: built CSS never holds it, but a file that did stays linked.
  const inline = css.length <= INLINE_STYLESHEET_MAX_BYTES && !/<\/style/i.test(css) ? css : null;
  stylesheets.set(path, inline);
  return inline;
}

/**
 * The first paint of a page needs its stylesheets; fetched one by one they cost a round trip each
 * before anything shows (most of the first contentful paint on a slow mobile network). So the page's
 * own built stylesheets are written into its `<head>` as `<style>` elements, and their `<link>`s stay
 * for React to hydrate but no longer hold the paint back (`media="print"`; React never rewrites an
 * attribute it did not render). Stylesheets of later client navigations load as usual.
 */
export const inlineStyles: DocumentRewrite = (rewriter, c) => {
  const origin = new URL(c.req.url).origin;
  return rewriter.on('head link[rel="stylesheet"][href^="/assets/"]', {
    async element(link) {
      const path = (link.getAttribute("href") ?? "").replace(/[?#].*$/, "");
      const css = await stylesheet(c.env, origin, path);
      if (css === null) return;
      link.before(`<style data-href="${path}">${css}</style>`, { html: true });
      link.setAttribute("media", "print");
    },
  });
};
