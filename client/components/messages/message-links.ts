/**
 * A message's text as pieces a page renders inert (decision 039): plain text, and `http(s)://` addresses
 * that become `rel="nofollow ugc noopener"` links. No HTML is parsed or produced here: the text pieces are
 * React text nodes, so `<script>` or `<a href=javascript:…>` in a message shows as the characters typed.
 */
export type MessagePiece = { text: string } | { text: string; href: string };

/** An address starts at `http://` or `https://` not glued to a word, and runs to whitespace or a bracket. */
const ADDRESS = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"'`{}|\\^\u00a0\u2000-\u200b\u2028\u2029\u3000]+/giu;
/** What ends a sentence rather than an address: left out of the link. */
const TRAILING = /[.,;:!?…]+$/u;
const PAIRS: Record<string, string> = { ")": "(", "]": "[" };

/** The address without the punctuation and closing brackets the sentence around it put after it. */
function trimAddress(raw: string): string {
  let address = raw;
  for (;;) {
    const trimmed = address.replace(TRAILING, "");
    const last = trimmed.at(-1);
    const opening = last ? PAIRS[last] : undefined;
    // A closing bracket belongs to the address only when the address opened it (Wikipedia's `_(city)`).
    if (opening && count(trimmed, last!) > count(trimmed, opening)) {
      address = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The link of an address, or null when it is not a web address with a host. */
function hrefOf(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
}

/** The pieces of `text` in order; joined, their texts are `text` again. */
export function messagePieces(text: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let index = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = hrefOf(address);
    // Not an address after all (`http://` alone): it stays in the text around it.
    if (!href) continue;
    if (match.index > index) pieces.push({ text: text.slice(index, match.index) });
    pieces.push({ text: address, href });
    index = match.index + address.length;
  }
  if (index < text.length) pieces.push({ text: text.slice(index) });
  return pieces;
}
