import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LIVE_CLOSE_EXPIRED,
  LIVE_CLOSE_REPLACED,
  LIVE_PATH,
  LIVE_PING,
  LIVE_POLL_INTERVAL_MS,
  LIVE_PONG,
} from "#shared/live-protocol.ts";
import type { ApiMessage, LiveEvent } from "#shared/api/messages.ts";
import {
  FAILURES_BEFORE_POLLING,
  HIDDEN_REST_MS,
  type LiveChannelOptions,
  type LivePlatform,
  type LiveStatus,
  openLiveChannel,
  PING_INTERVAL_MS,
  RECONNECT_FIRST_MS,
  RECONNECT_MAX_MS,
} from "./live-channel.ts";

/** A WebSocket the test drives: opens, answers and closes when told. */
class FakeSocket {
  static made: FakeSocket[] = [];
  /** Answer pings as the channel does (off: a connection that died silently). */
  answersPings = true;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
    if (data === LIVE_PING && this.answersPings) queueMicrotask(() => this.receive(LIVE_PONG));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side:
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  /** The connection ends (refused before opening: 1006). */
  end(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.made.at(-1)!;

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = "visible";
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

let doc: FakeDocument;
let win: EventTarget;
let fetchMock: ReturnType<typeof vi.fn>;
let answers: ((url: string) => Response)[];

function platform(overrides: Partial<LivePlatform> = {}): LivePlatform {
  return {
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    fetch: fetchMock as unknown as typeof fetch,
    location: { protocol: "https:", host: "kvadrat.test" },
    document: doc,
    window: win as Window,
    // The longest pause of each spread: the test's timers are exact.
    random: () => 1,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function open(options: Partial<LiveChannelOptions> = {}, overrides: Partial<LivePlatform> = {}) {
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const channel = openLiveChannel(
    { onEvent: (event) => events.push(event), onStatus: (status) => statuses.push(status), ...options },
    platform(overrides),
  );
  return { channel, events, statuses };
}

const message = (id: number, text = `m${id}`): ApiMessage => ({
  id,
  conversation_id: 7,
  sender_id: 3,
  from_me: false,
  text,
  created_at: "2026-11-25T10:00:00.000Z",
  delivered_at: null,
  read_at: null,
  warning: null,
});
const { from_me: _, ...wire } = message(0);
const messageEvent = (id: number): LiveEvent => ({ type: "message", message: { ...wire, id, text: `m${id}` } });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  doc = new FakeDocument();
  win = new EventTarget();
  answers = [];
  fetchMock = vi.fn(async (url: string) => (answers.shift() ?? (() => json({ data: { unread: 0 } })))(url));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the socket", () => {
  it("opens the person's channel at this host, wss under https", () => {
    open();
    expect(FakeSocket.made.map((s) => s.url)).toEqual([`wss://kvadrat.test${LIVE_PATH}`]);
  });

  it("opens a conversation's, asking for what came after the page's newest message; ws under http", () => {
    open({ conversationId: 7, after: 41 }, { location: { protocol: "http:", host: "localhost:8787" } });
    expect(last().url).toBe(`ws://localhost:8787${LIVE_PATH}?conversation_id=7&after=41`);
  });

  it("hands each event on in order and tells how it is connected", () => {
    const { events, statuses } = open({ conversationId: 7 });
    expect(statuses).toEqual(["connecting"]);
    last().open();
    last().receive({ type: "unread", unread: 2 });
    last().receive(messageEvent(5));
    last().receive(LIVE_PONG);
    last().receive("not json");
    expect(events).toEqual([{ type: "unread", unread: 2 }, messageEvent(5)]);
    expect(statuses).toEqual(["connecting", "live"]);
  });

  it("reconnects after a close, asking for messages after the newest it has seen", async () => {
    const { channel } = open({ conversationId: 7, after: 3 });
    last().open();
    last().receive(messageEvent(9));
    last().end(1001);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS);
    expect(FakeSocket.made).toHaveLength(2);
    expect(last().url).toContain("after=9");
    // What the page has from elsewhere (its own send) counts too.
    channel.seen(12);
    last().open();
    last().end(LIVE_CLOSE_EXPIRED);
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS);
    expect(last().url).toContain("after=12");
    channel.close();
  });

  it("waits longer after each failure, spread at random, up to a limit", async () => {
    open({}, { random: () => 0 });
    const pauses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const before = FakeSocket.made.length;
      last().end();
      let waited = 0;
      while (FakeSocket.made.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      pauses.push(waited);
    }
    // Half of 1 s, 2 s, 4 s… (random 0), never more than half the limit.
    expect(pauses.slice(0, 4)).toEqual([500, 1000, 2000, 4000]);
    expect(Math.max(...pauses)).toBe(RECONNECT_MAX_MS / 2);
  });

  it("pings while open and drops a connection that stopped answering", async () => {
    open();
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(first.sent).toEqual([LIVE_PING]);
    first.answersPings = false;
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(first.sent).toEqual([LIVE_PING, LIVE_PING]);
    expect(first.closedWith).toBeUndefined();
    // No pong this time: at the next ping the socket is given up and another opened.
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(first.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS);
    expect(FakeSocket.made).toHaveLength(2);
  });
});

describe("falling back to polling", () => {
  it(`polls the unread count after ${FAILURES_BEFORE_POLLING} failed sockets, and stops when one opens`, async () => {
    const { events, statuses } = open();
    for (let i = 1; i < FAILURES_BEFORE_POLLING; i += 1) {
      last().end();
      await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    answers.push(() => json({ data: { unread: 4 } }));
    last().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/cabinet/messages/count");
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get("x-requested-with")).toBe("XMLHttpRequest");
    expect(events).toEqual([{ type: "unread", unread: 4 }]);
    expect(statuses.at(-1)).toBe("polling");

    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Sockets are still tried meanwhile; the first that opens ends the polling.
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    const sockets = FakeSocket.made.length;
    expect(sockets).toBeGreaterThan(FAILURES_BEFORE_POLLING);
    last().open();
    expect(statuses.at(-1)).toBe("live");
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it("polls straight away where the browser has no WebSocket", async () => {
    answers.push(() => json({ data: { unread: 1 } }));
    const { events } = open({}, { WebSocket: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([{ type: "unread", unread: 1 }]);
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("polls a conversation for messages after the newest, page after page, without from_me", async () => {
    answers.push(() => json({ items: [message(11), message(12)] }));
    answers.push(() => json({ items: [message(13)] }));
    answers.push(() => json({ items: [] }));
    const { events } = open({ conversationId: 7, after: 10 }, { WebSocket: undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      "/api/cabinet/messages/list?conversation_id=7&after=10",
      "/api/cabinet/messages/list?conversation_id=7&after=12",
      "/api/cabinet/messages/list?conversation_id=7&after=13",
    ]);
    expect(events).toEqual([messageEvent(11), messageEvent(12), messageEvent(13)]);
    expect(events.every((event) => event.type === "message" && !("from_me" in event.message))).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("stops for good when the API says the channel is not the visitor's (signed out)", async () => {
    answers.push(() => json({ error: { code: "unauthorized" } }, 401));
    const { statuses } = open({}, { WebSocket: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe("closed");
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS * 5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps polling through failed answers and network errors", async () => {
    answers.push(() => json({}, 503));
    answers.push(() => {
      throw new TypeError("offline");
    });
    open({}, { WebSocket: undefined });
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("a page pushed out by the person's other pages polls instead of reconnecting", async () => {
    const { statuses } = open();
    last().open();
    last().end(LIVE_CLOSE_REPLACED);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(FakeSocket.made).toHaveLength(1);
    expect(statuses.at(-1)).toBe("polling");
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe("resting and closing", () => {
  it(`lets go when the page is hidden ${HIDDEN_REST_MS / 60_000} minutes, and comes back when it is shown`, async () => {
    const { statuses } = open({ conversationId: 7, after: 20 });
    const first = last();
    first.open();
    first.receive(messageEvent(21));
    doc.show("hidden");
    await vi.advanceTimersByTimeAsync(HIDDEN_REST_MS - 1000);
    expect(first.closedWith).toBeUndefined();
    // Shown briefly: the count starts again.
    doc.show("visible");
    doc.show("hidden");
    await vi.advanceTimersByTimeAsync(HIDDEN_REST_MS - 1000);
    expect(first.closedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe("resting");
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 5);
    expect(FakeSocket.made).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    doc.show("visible");
    expect(FakeSocket.made).toHaveLength(2);
    expect(last().url).toContain("after=21");
  });

  it("rests while the page is put away (back/forward cache) and wakes when it is back", async () => {
    open();
    last().open();
    win.dispatchEvent(new Event("pagehide"));
    expect(last().closedWith).toBe(1000);
    win.dispatchEvent(new Event("pageshow"));
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("a socket still connecting when let go closes once open, not before (no console error)", () => {
    const { channel } = open();
    const connecting = last();
    channel.close();
    expect(connecting.closedWith).toBeUndefined();
    connecting.open();
    expect(connecting.closedWith).toBe(1000);
  });

  it("back online, it reconnects without waiting out the pause", async () => {
    open();
    last().end();
    expect(FakeSocket.made).toHaveLength(1);
    win.dispatchEvent(new Event("online"));
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("close() stops everything: no socket, poll or timer is left", async () => {
    const { channel, statuses, events } = open({}, { WebSocket: undefined });
    await vi.advanceTimersByTimeAsync(0);
    channel.close();
    expect(statuses.at(-1)).toBe("closed");
    expect(vi.getTimerCount()).toBe(0);
    const calls = fetchMock.mock.calls.length;
    doc.show("hidden");
    doc.show("visible");
    win.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(LIVE_POLL_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
    expect(events).toHaveLength(1);

    const live = open();
    const socket = last();
    socket.open();
    live.channel.close();
    expect(socket.closedWith).toBe(1000);
    socket.receive({ type: "unread", unread: 9 });
    expect(live.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(FakeSocket.made).toHaveLength(1);
  });
});
