import { messagePieces } from "./message-links.ts";

/**
 * A message as typed, rendered inert (decision 039): React text, and its `http(s)` addresses as links that
 * pass no ranking and no opener; nothing else ever becomes markup. Line breaks are kept by the CSS
 * (`white-space: pre-wrap`) of the element around it.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messagePieces(text).map((piece, index) =>
        "href" in piece ? (
          <a key={index} href={piece.href} rel="nofollow ugc noopener" target="_blank">
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
