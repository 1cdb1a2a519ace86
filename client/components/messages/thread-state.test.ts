import { describe, expect, it } from "vitest";
import type { ApiMessage } from "#shared/api/messages.ts";
import {
  byDay,
  dayBefore,
  dayOf,
  firstLine,
  knownDays,
  markOf,
  mergeMessages,
  NO_NEWS,
  shownMessages,
  withUpdate,
} from "./thread-state.ts";

const ME = 7;
const OTHER = 9;
const C = 3;
const message = (id: number, mine: boolean, extra: Partial<ApiMessage> = {}): ApiMessage => ({
  id,
  conversation_id: C,
  sender_id: mine ? ME : OTHER,
  from_me: mine,
  text: `message ${id}`,
  created_at: `2026-11-25T10:${String(id).padStart(2, "0")}:00.000Z`,
  delivered_at: null,
  read_at: null,
  warning: null,
  ...extra,
});
const { from_me: _, ...live } = message(12, false);

describe("the thread's messages", () => {
  it("merges pages oldest first, each message once, keeping what either knows of its marks", () => {
    const loaded = [message(5, true), message(6, false)];
    const earlier = [message(2, false), message(5, true, { delivered_at: "2026-11-25T11:00:00.000Z" })];
    const merged = mergeMessages(earlier, loaded);
    expect(merged.map((m) => m.id)).toEqual([2, 5, 6]);
    expect(merged[1]!.delivered_at).toBe("2026-11-25T11:00:00.000Z");
    // A read message counts as delivered even when only the read time is known.
    expect(mergeMessages([message(4, true, { read_at: "x" })], [message(4, true)])[0]).toMatchObject({
      delivered_at: "x",
      read_at: "x",
    });
  });

  it("adds a live message of this conversation, told whose it is, and ignores other conversations", () => {
    const news = withUpdate(NO_NEWS, { type: "message", message: live }, C, ME);
    expect(news.messages).toEqual([{ ...live, from_me: false }]);
    const mine = withUpdate(NO_NEWS, { type: "message", message: { ...live, sender_id: ME } }, C, ME);
    expect(mine.messages[0]!.from_me).toBe(true);
    expect(withUpdate(NO_NEWS, { type: "message", message: { ...live, conversation_id: 4 } }, C, ME)).toBe(NO_NEWS);
    expect(withUpdate(NO_NEWS, { type: "unread", unread: 3 }, C, ME)).toBe(NO_NEWS);
  });

  it("on the listing's side, the agent's and its managers' messages are one's own; the visitor's are not", () => {
    const COLLEAGUE = 11;
    const fromColleague = { ...live, sender_id: COLLEAGUE, warning: "money_request" as const };
    const seen = withUpdate(NO_NEWS, { type: "message", message: fromColleague }, C, ME, OTHER);
    expect(seen.messages[0]).toMatchObject({ from_me: true, warning: null });
    const fromVisitor = withUpdate(NO_NEWS, { type: "message", message: live }, C, ME, OTHER);
    expect(fromVisitor.messages[0]!.from_me).toBe(false);
    // A colleague's reading is not the visitor's: only the visitor's marks one's messages read.
    const read = { type: "read" as const, conversation_id: C, up_to_id: 4, read_at: "r" };
    expect(withUpdate(NO_NEWS, { ...read, reader_id: COLLEAGUE }, C, ME, OTHER)).toBe(NO_NEWS);
    expect(withUpdate(NO_NEWS, { ...read, reader_id: OTHER }, C, ME, OTHER).read).toEqual({ upToId: 4, at: "r" });
    // The visitor's own view is unchanged by the argument.
    expect(withUpdate(NO_NEWS, { type: "message", message: fromColleague }, C, OTHER, OTHER).messages[0]!.from_me).toBe(
      false,
    );
  });

  it("keeps a live message's warning for its recipient and drops it for its sender", () => {
    const warned = { ...live, warning: "money_request" as const };
    expect(withUpdate(NO_NEWS, { type: "message", message: warned }, C, ME).messages[0]!.warning).toBe("money_request");
    const sent = withUpdate(NO_NEWS, { type: "message", message: { ...warned, sender_id: ME } }, C, ME);
    expect(sent.messages[0]!.warning).toBeNull();
  });

  it("marks one's own messages delivered and read as far as the other side got, never the other's", () => {
    const loaded = [message(1, true), message(2, false), message(3, true), message(4, true)];
    let news = withUpdate(NO_NEWS, { type: "delivered", conversation_id: C, up_to_id: 4, delivered_at: "d" }, C, ME);
    news = withUpdate(news, { type: "read", conversation_id: C, reader_id: OTHER, up_to_id: 3, read_at: "r" }, C, ME);
    const shown = shownMessages(loaded, news);
    expect(shown.map(markOf)).toEqual(["read", "sent", "read", "delivered"]);
    expect(shown[1]).toBe(loaded[1]);
    // One's own reading (another tab of one's own) marks nothing; an older mark does not undo a newer one.
    expect(
      withUpdate(news, { type: "read", conversation_id: C, reader_id: ME, up_to_id: 4, read_at: "r" }, C, ME),
    ).toBe(news);
    expect(
      withUpdate(news, { type: "read", conversation_id: C, reader_id: OTHER, up_to_id: 1, read_at: "r" }, C, ME),
    ).toBe(news);
    expect(
      withUpdate(news, { type: "read", conversation_id: 5, reader_id: OTHER, up_to_id: 9, read_at: "r" }, C, ME),
    ).toBe(news);
  });

  it("keeps a message's own marks over the live ones, and marks messages the page sent later too", () => {
    const sent = message(8, true);
    let news = withUpdate(
      NO_NEWS,
      { type: "read", conversation_id: C, reader_id: OTHER, up_to_id: 9, read_at: "r" },
      C,
      ME,
    );
    news = withUpdate(news, { type: "sent", message: sent }, C, ME);
    expect(markOf(shownMessages([], news)[0]!)).toBe("read");
    const known = message(1, true, { delivered_at: "early", read_at: "early" });
    expect(shownMessages([known], news)[0]).toBe(known);
  });

  it("adds earlier pages in order", () => {
    const news = withUpdate(NO_NEWS, { type: "earlier", messages: [message(3, false), message(2, true)] }, C, ME);
    expect(shownMessages([message(4, true)], news).map((m) => m.id)).toEqual([2, 3, 4]);
  });
});

describe("days", () => {
  it("names the calendar day in Serbia, not in UTC", () => {
    expect(dayOf("2026-11-25T22:30:00.000Z")).toBe("2026-11-25");
    expect(dayOf("2026-11-25T23:30:00.000Z")).toBe("2026-11-26");
    // Summer time: UTC+2.
    expect(dayOf("2026-07-01T22:30:00.000Z")).toBe("2026-07-02");
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
  });

  it("groups messages in runs of a day", () => {
    const at = (created_at: string) => ({ created_at });
    const runs = byDay([at("2026-11-24T10:00:00Z"), at("2026-11-25T09:00:00Z"), at("2026-11-25T23:30:00Z")]);
    expect(runs.map((run) => [run.day, run.items.length])).toEqual([
      ["2026-11-24", 1],
      ["2026-11-25", 1],
      ["2026-11-26", 1],
    ]);
    expect(byDay([])).toEqual([]);
  });

  it("reads the days a page's data carries before it builds a date formatter", () => {
    const known = knownDays(["2026-11-25T23:30:00.000Z", Date.UTC(2026, 6, 1, 22, 30)]);
    expect(known).toEqual({ "2026-11-25T23:30:00.000Z": "2026-11-26", [Date.UTC(2026, 6, 1, 22, 30)]: "2026-07-02" });
    // What the data says is taken as it is (the server's Intl worked it out).
    const told = { "2026-11-24T10:00:00Z": "2026-11-20" };
    expect(dayOf("2026-11-24T10:00:00Z", told)).toBe("2026-11-20");
    expect(byDay([{ created_at: "2026-11-24T10:00:00Z" }], told)[0]!.day).toBe("2026-11-20");
    // A moment it does not name is worked out.
    expect(dayOf("2026-11-25T09:00:00Z", told)).toBe("2026-11-25");
  });

  it("takes a message's first line for the list", () => {
    expect(firstLine("  Hello,\r\nis it free?")).toBe("Hello,");
    expect(firstLine("one line")).toBe("one line");
  });
});
