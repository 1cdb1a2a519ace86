import { localizePath, splitLocale } from "#shared/locales.ts";
import type { DocumentRewrite } from "#worker/middleware/document-rewriter.ts";
import { APPLE_TOUCH_ICON, THEME_COLOUR } from "./brand.ts";
import { MANIFEST_PATH } from "./manifest.ts";

/**
 * Every page links the web app manifest of its language, the theme colour and iOS's home-screen icon
 * (decision 043): written by the worker, they cost the page no JavaScript, and React skips the
 * extra head tags when it hydrates (as with `<meta name="build-id">`).
 */
export const pwaHeadTags: DocumentRewrite = (rewriter, c) => {
  const { locale } = splitLocale(new URL(c.req.url).pathname);
  const tags =
    `<link rel="manifest" href="${localizePath(MANIFEST_PATH, locale)}">` +
    `<meta name="theme-color" content="${THEME_COLOUR}">` +
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON.path}">`;
  return rewriter.on("head", {
    element(head) {
      head.append(tags, { html: true });
    },
  });
};
