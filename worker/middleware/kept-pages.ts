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
}

const encoder = new TextEncoder();

/** Cuts a rendered document at every `nonce="<nonce>"`; the nonce is random, so only attributes match. */
export function keepPage(html: string, nonce: string, init: Omit<KeptPage, "parts" | "bytes">): KeptPage {
  const parts = nonce ? html.split(nonceAttribute(nonce)).map((part) => encoder.encode(part)) : [encoder.encode(html)];
  return { ...init, parts, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0) };
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
