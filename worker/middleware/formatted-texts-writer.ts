import { FORMATTED_TEXTS_ID } from "#shared/formatted-texts-protocol.ts";
import type { DocumentRewrite } from "./document-rewriter.ts";

/**
 * Writes the page's table of formatted texts (decision 018) as a JSON data block before `</body>`.
 * React writes `</body>` only once every streamed section has rendered, so by then the table holds
 * every number, date and list the page shows.
 */
export const writeFormattedTexts: DocumentRewrite = (rewriter, c) =>
  rewriter.on("body", {
    element(body) {
      body.onEndTag((end) => {
        const texts = c.get("formattedTexts");
        if (!texts || texts.empty) return;
        // A data block runs nothing; it carries the nonce all the page's scripts carry all the same.
        const nonce = c.get("secureHeadersNonce") ?? "";
        end.before(
          `<script type="application/json" id="${FORMATTED_TEXTS_ID}" nonce="${nonce}">${texts.toScriptText()}</script>`,
          { html: true },
        );
      });
    },
  });
