import type { DocumentRewrite } from "#worker/middleware/document-rewriter.ts";

/** The name of the `<meta>` naming the build a page belongs to (decision 042). */
export const BUILD_ID_META = "build-id";

/**
 * Every page says which build rendered it, `<meta name="build-id" content="…">`, for the update check
 * to compare with `/builds/latest.json`: written by the worker, it costs the page no JavaScript.
 * React skips the extra tag when it hydrates the head.
 */
export const buildIdMeta =
  (buildId: string): DocumentRewrite =>
  (rewriter) =>
    rewriter.on("head", {
      element(head) {
        head.append(`<meta name="${BUILD_ID_META}" content="${buildId}">`, { html: true });
      },
    });
