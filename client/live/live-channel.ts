/**
 * A page's end of the live channel (shared/api/live.ts, decision 039): the socket of the signed-in
 * person's channel (their unread count) or of one conversation (its messages and read marks). It
 * reconnects with growing pauses, asking a conversation for what it missed (`after` the newest message
 * it has seen); when sockets keep failing it polls the API every LIVE_POLL_INTERVAL_MS until one opens
 * again; it rests while the page is hidden for long or put away (the back/forward cache), and resumes.
 * No framework here: `useLiveChannel` (./use-live-channel.ts) wraps it for components.
 */
import { LIVE_CLOSE_REPLACED, LIVE_PATH, LIVE_PING, LIVE_POLL_INTERVAL_MS, LIVE_PONG } from "#shared/live-protocol.ts";
import type { ApiMessage, LiveEvent } from "#shared/api/messages.ts";

export interface LiveChannelOptions {
  /** A conversation's channel (a participant's thread page); none: the person's own. */
  conversationId?: number;
  /** The newest message the page already shows: a (re)connect sends those after it first. */
  after?: number;
  onEvent(event: LiveEvent): void;
  onStatus?(status: LiveStatus): void;
}

/**
 * `connecting` (no socket yet, or between attempts), `live` (a socket is open), `polling` (sockets
 * failed: the API is asked instead), `resting` (the page is hidden or put away), `closed` (for good:
 * closed by the page, or the API says this channel is not the visitor's — signed out, not a participant).
 */
export type LiveStatus = "connecting" | "live" | "polling" | "resting" | "closed";

/** What the channel needs of the browser, replaceable in tests. */
export interface LivePlatform {
  WebSocket: typeof WebSocket | undefined;
  fetch: typeof fetch;
  location: Pick<Location, "protocol" | "host">;
  document: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener"> | undefined;
  window: Pick<Window, "addEventListener" | "removeEventListener"> | undefined;
  random(): number;
}

/** The first pause before reconnecting, doubled after each failure up to the last. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;
/** Sockets that failed one after another before the API is polled meanwhile. */
export const FAILURES_BEFORE_POLLING = 3;
/** A ping this often; no frame at all since the last one means the connection is dead. */
export const PING_INTERVAL_MS = 25_000;
/** A page hidden this long lets go of its socket (or poll) until it is shown again. */
export const HIDDEN_REST_MS = 5 * 60_000;

export interface LiveChannel {
  /** The page has this message (from its own loads or sends): a reconnect asks only for newer ones. */
  seen(messageId: number): void;
  close(): void;
}

function browser(): LivePlatform {
  return {
    WebSocket: typeof WebSocket === "function" ? WebSocket : undefined,
    fetch: (input, init) => fetch(input, init),
    location: window.location,
    document,
    window,
    random: Math.random,
  };
}

export function openLiveChannel(options: LiveChannelOptions, platform: LivePlatform = browser()): LiveChannel {
  const { conversationId, onEvent } = options;
  let newest = options.after ?? 0;
  let status: LiveStatus | undefined;
  let socket: WebSocket | null = null;
  /** Sockets that failed since one last opened. */
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  /** Which polling this is: a poll still answering after polling stopped (and started again) ends there. */
  let pollRound = 0;
  let resting = false;
  let closed = false;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const deliver = (event: LiveEvent) => {
    if (event.type === "message") newest = Math.max(newest, event.message.id);
    onEvent(event);
  };

  function socketUrl(): string {
    const params = new URLSearchParams();
    if (conversationId !== undefined) {
      params.set("conversation_id", String(conversationId));
      if (newest > 0) params.set("after", String(newest));
    }
    const query = params.size ? `?${params}` : "";
    return `${platform.location.protocol === "https:" ? "wss" : "ws"}://${platform.location.host}${LIVE_PATH}${query}`;
  }

  function connect(): void {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    if (closed || resting || socket) return;
    if (!platform.WebSocket) {
      startPolling();
      return;
    }
    if (!polling) setStatus("connecting");
    let opened = false;
    let answered = true;
    const current = new platform.WebSocket(socketUrl());
    socket = current;
    current.onopen = () => {
      opened = true;
      failures = 0;
      stopPolling();
      setStatus("live");
      pingTimer = setInterval(() => {
        // Nothing since the last ping, not even its pong: the connection died without a close.
        if (!answered) return drop(current, true);
        answered = false;
        current.send(LIVE_PING);
      }, PING_INTERVAL_MS);
    };
    current.onmessage = (message: MessageEvent) => {
      answered = true;
      if (message.data === LIVE_PONG || typeof message.data !== "string") return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      deliver(event);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      // More pages of this person than a channel holds: this one polls rather than push another out.
      if (event.code === LIVE_CLOSE_REPLACED) {
        release();
        startPolling();
        return;
      }
      drop(current, opened);
    };
  }

  /** Lets go of a socket (closed, failed or silent) and plans the next one. */
  function drop(current: WebSocket, wasOpen: boolean): void {
    if (socket !== current) return;
    release();
    failures = wasOpen ? 1 : failures + 1;
    if (failures >= FAILURES_BEFORE_POLLING) startPolling();
    else if (!polling) setStatus("connecting");
    const pause = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** (failures - 1));
    // Spread out, so that pages a restart cut off do not all come back at the same moment.
    reconnectTimer = setTimeout(connect, pause * (0.5 + platform.random() / 2));
  }

  /** Closes the socket, if any, without hearing from it again. */
  function release(): void {
    clearInterval(pingTimer);
    pingTimer = undefined;
    const current = socket;
    socket = null;
    if (!current) return;
    current.onmessage = current.onclose = null;
    // Closing one still connecting is reported as a failure in the console: it closes once open instead.
    if (current.readyState === 0) current.onopen = () => current.close(1000);
    else current.close(1000);
  }

  function startPolling(): void {
    if (closed || resting) return;
    setStatus("polling");
    if (polling) return;
    polling = true;
    pollRound += 1;
    void poll(pollRound);
  }

  function stopPolling(): void {
    polling = false;
    clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  async function poll(round: number): Promise<void> {
    let more = false;
    try {
      more = await pollOnce(round);
    } catch {
      // Offline or a failed answer: next time.
    }
    if (polling && round === pollRound) {
      pollTimer = setTimeout(() => void poll(round), more ? 0 : LIVE_POLL_INTERVAL_MS);
    }
  }

  /** One ask of the API; true when a conversation has more to fetch right away. */
  async function pollOnce(round: number): Promise<boolean> {
    const asked = newest;
    const path =
      conversationId === undefined
        ? "/api/cabinet/messages/count"
        : `/api/cabinet/messages/list?conversation_id=${conversationId}${asked > 0 ? `&after=${asked}` : ""}`;
    const res = await platform.fetch(path, {
      headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
      credentials: "same-origin",
    });
    // Signed out, or no longer a conversation of theirs: nothing will come of asking again.
    if (res.status === 401 || res.status === 403 || res.status === 404) {
      if (round === pollRound) shutDown();
      return false;
    }
    if (!res.ok || !polling || round !== pollRound) return false;
    if (conversationId === undefined) {
      const { data } = (await res.json()) as { data: { unread: number } };
      deliver({ type: "unread", unread: data.unread });
      return false;
    }
    const { items } = (await res.json()) as { items: ApiMessage[] };
    const fresh = items.filter((message) => message.id > newest).sort((a, b) => a.id - b.id);
    for (const { from_me: _, ...message } of fresh) deliver({ type: "message", message });
    // `after` answers a page at a time, oldest first: what came may have more behind it.
    return asked > 0 && fresh.length > 0;
  }

  function rest(): void {
    if (closed || resting) return;
    resting = true;
    clearTimeout(reconnectTimer);
    release();
    stopPolling();
    setStatus("resting");
  }

  function wake(): void {
    clearTimeout(hiddenTimer);
    hiddenTimer = undefined;
    if (closed || !resting) return;
    resting = false;
    failures = 0;
    connect();
  }

  const onVisibility = () => {
    if (platform.document?.visibilityState === "hidden") {
      clearTimeout(hiddenTimer);
      hiddenTimer = setTimeout(rest, HIDDEN_REST_MS);
    } else wake();
  };
  const onPageHide = () => rest();
  const onPageShow = () => wake();
  // Back online: no need to wait out the pause.
  const onOnline = () => {
    if (!socket && !resting && !closed && reconnectTimer !== undefined) connect();
  };

  function shutDown(): void {
    if (closed) return;
    closed = true;
    clearTimeout(reconnectTimer);
    clearTimeout(hiddenTimer);
    release();
    stopPolling();
    platform.document?.removeEventListener("visibilitychange", onVisibility);
    platform.window?.removeEventListener("pagehide", onPageHide);
    platform.window?.removeEventListener("pageshow", onPageShow);
    platform.window?.removeEventListener("online", onOnline);
    setStatus("closed");
  }

  platform.document?.addEventListener("visibilitychange", onVisibility);
  platform.window?.addEventListener("pagehide", onPageHide);
  platform.window?.addEventListener("pageshow", onPageShow);
  platform.window?.addEventListener("online", onOnline);
  if (platform.document?.visibilityState === "hidden") onVisibility();
  connect();

  return {
    seen(messageId) {
      newest = Math.max(newest, messageId);
    },
    close: shutDown,
  };
}
