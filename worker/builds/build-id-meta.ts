import { BUILD_ID_META } from "#shared/builds.ts";
import type { DocumentRewrite } from "#worker/middleware/document-rewriter.ts";

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
