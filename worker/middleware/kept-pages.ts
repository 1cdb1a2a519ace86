/**
 * Rendered pages kept for repeat views (decision 010): the document is stored cut at its CSP nonce,
 * so each repeat is put together with the new response's nonce by copying bytes, without parsing
 * the HTML again.
 */
export interface KeptPage {
  /** Epoch milliseconds after which the page is stale. */
  expires: number;
  /**
   * Epoch milliseconds after which a stale page is no longer answered while it is rendered again
   * (stale-while-revalidate, decision 107); `expires` when it is not. Memory forgets the page then.
   */
  staleUntil?: number;
  /** Epoch milliseconds its render started (what it shows is at least as new), when known. */
  rendered?: number;
  status: number;
  headers: [string, string][];
  /** The document's bytes between the `nonce="…"` attributes of the response that rendered it. */
  parts: Uint8Array[];
  bytes: number;
  /**
   * Where the router's data scripts start (the document's tail, up to half its bytes), when no part the edge
   * writes for a visitor is in it but hearts (`favourites`: the listing ids of the hearts there): a visitor
   * none of whose favourites is among them gets the tail as it is, rewritten only up to it.
   */
  tail?: { part: number; offset: number; favourites: number[] };
}

/** The start of React Router's data in a document (the streamed context), never before `</head>`. */
const TAIL_MARK = "window.__reactRouterContext";
/** What marks a part the edge writes for a visitor (shared/visitor.ts `VISITOR_PART`, the Save-search control). */
const VISITOR_WRITES = ['data-visitor="', 'id="save-search'];

const encoder = new TextEncoder();

/** Cuts a rendered document at every `nonce="<nonce>"`; the nonce is random, so only attributes match. */
export function keepPage(html: string, nonce: string, init: Omit<KeptPage, "parts" | "bytes" | "tail">): KeptPage {
  const parts = nonce ? html.split(nonceAttribute(nonce)).map((part) => encoder.encode(part)) : [encoder.encode(html)];
  return { ...init, parts, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0), tail: tailOf(html, nonce) };
}

function tailOf(html: string, nonce: string): KeptPage["tail"] {
  const mark = html.indexOf(TAIL_MARK);
  const cut = mark < 0 ? -1 : html.lastIndexOf("<script", mark);
  const head = html.indexOf("</head>");
  if (cut < 0 || head < 0 || cut < head) return undefined;
  const rest = html.slice(cut);
  if (VISITOR_WRITES.some((marker) => rest.includes(marker))) return undefined;
  const before = nonce ? html.slice(0, cut).split(nonceAttribute(nonce)) : [html.slice(0, cut)];
  const favourites = [...rest.matchAll(/data-favourite="(\d+)"/g)].map((match) => Number(match[1]));
  return { part: before.length - 1, offset: encoder.encode(before.at(-1)!).byteLength, favourites };
}

/** Where `page`'s tail starts in `pageBody(page, nonce)`, in bytes. */
export function tailStart(page: KeptPage, nonce: string): number | undefined {
  if (!page.tail) return undefined;
  const attribute = encoder.encode(nonceAttribute(nonce)).byteLength;
  let at = page.tail.offset + attribute * page.tail.part;
  for (let i = 0; i < page.tail.part; i++) at += page.parts[i]!.byteLength;
  return at;
}

/** The kept document with `nonce` in every place its rendering response's nonce was. */
export function pageBody(page: KeptPage, nonce: string): Uint8Array<ArrayBuffer> {
  const attribute = encoder.encode(nonceAttribute(nonce));
  const body = new Uint8Array(page.bytes + attribute.byteLength * (page.parts.length - 1));
  let at = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(attribute, at);
      at += attribute.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  });
  return body;
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/**
 * The pages this isolate answered lately, least recently used first, up to `maxBytes` of documents:
 * a repeat view is answered from memory before asking the data centre's cache. An isolate serves
 * many requests, and each entry expires with the cached copy it mirrors.
 */
export class KeptPages {
  #pages = new Map<string, KeptPage>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** The page under `key` until it is stale, or (`stale`) until it may no longer be answered stale. */
  get(key: string, now = Date.now(), stale = false): KeptPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if ((stale ? (page.staleUntil ?? page.expires) : page.expires) <= now) {
      // Past both, the page is of no more use; stale but servable, it stays for the request that may serve it.
      if ((page.staleUntil ?? page.expires) <= now) this.#remove(key, page);
      return undefined;
    }
    this.#remove(key, page);
    this.#pages.set(key, page); // most recently used last
    this.#bytes += page.bytes;
    return page;
  }

  set(key: string, page: KeptPage): void {
    const old = this.#pages.get(key);
    if (old) this.#remove(key, old);
    if (page.bytes > this.maxBytes) return;
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    for (const [oldest, kept] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest, kept);
    }
  }

  get size(): number {
    return this.#pages.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #remove(key: string, page: KeptPage) {
    this.#pages.delete(key);
    this.#bytes -= page.bytes;
  }
}
