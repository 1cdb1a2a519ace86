/**
 * A DevTools protocol connection over a WebSocket (Node's own): commands, optionally to a flattened
 * target session, and the events that come back. The audits use it where a driver would be measured
 * along with the page (Playwright's injected scripts are long tasks of their own) or is not there at
 * all (workerd's inspector).
 */
type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

export class Cdp {
  #ws: WebSocket;
  #next = 1;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  #listeners = new Map<string, Set<Listener>>();

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== undefined) {
        const waiting = this.#pending.get(message.id);
        if (!waiting) return;
        this.#pending.delete(message.id);
        if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
        else waiting.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.#listeners.get(message.method) ?? [])
          listener(message.params ?? {}, message.sessionId);
      }
    });
  }

  /** Connects to `url` (ws://…); `origin` for endpoints that check it (wrangler's inspector proxy). */
  static async connect(url: string, { origin }: { origin?: string } = {}): Promise<Cdp> {
    // Undici's WebSocket takes headers in its second argument (not in the DOM typings).
    const init = (origin ? { headers: { origin } } : undefined) as unknown as string[];
    const ws = new WebSocket(url, init);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", () => reject(new Error(`cannot open ${url}`)), { once: true });
    });
    return new Cdp(ws);
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    const id = this.#next++;
    this.#ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise<T>((resolve, reject) =>
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method }),
    );
  }

  /** Calls `listener` for each `method` event; returns the unsubscribe. */
  on(method: string, listener: Listener): () => void {
    const set = this.#listeners.get(method) ?? new Set();
    set.add(listener);
    this.#listeners.set(method, set);
    return () => set.delete(listener);
  }

  close() {
    this.#ws.close();
  }
}
