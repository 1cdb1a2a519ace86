/**
 * The scam warning beside a message (decision 083): the recipient's thread — the API and the
 * messages page without JavaScript — marks a message that asks for money ahead or moves the conversation
 * to another messenger, links the safety advice in the reader's language, and leaves ordinary messages
 * alone; the sender sees their own message without it.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import type { Jar } from "./auth-fixtures.ts";
import { mustOpen } from "./live-fixtures.ts";
import { type Pair, pair, threadOf, write } from "./messages-helpers.ts";

const ORDINARY = "Hello! Is the flat still free? Could I see it on Saturday?";
const MONEY = "I am abroad. Send a 200 € deposit by Western Union to reserve it and I will post the keys.";
const MESSENGER = "Write me on WhatsApp +381 64 123 4567, I answer faster there.";

async function threadPage(jar: Jar, conversation: number, prefix = "") {
  const res = await SELF.fetch(`${ORIGIN}${prefix}/cabinet/messages/?c=${conversation}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, cookie: jar.header() },
  });
  expect(res.status).toBe(200);
  const doc = pageText(await res.text());
  return /<section[^>]*data-testid="thread"[\s\S]*?<\/section>/.exec(doc)?.[0] ?? "";
}
/** Each message's list item in the rendered thread, oldest first. */
const items = (thread: string) =>
  [...thread.matchAll(/<li [^>]*data-testid="message"[\s\S]*?<\/li>/g)].map((m) => m[0]);

let people: Pair;
let conversation: number;

beforeAll(async () => {
  people = await pair({ owner: "Olga Vlasnica", visitor: "Scam Tester" });
  conversation = (await write(people.visitor, { realty_id: people.listing.id }, ORDINARY)).conversation_id;
  await write(people.visitor, { conversation_id: conversation }, MONEY);
  await write(people.visitor, { conversation_id: conversation }, MESSENGER);
  await write(people.owner, { conversation_id: conversation }, "Yes, Saturday at 11 suits me.");
});

describe("the scam warning", () => {
  it("is in the recipient's API thread on the money request and the messenger move, and only there", async () => {
    const { items: messages } = await threadOf(people.owner, { conversation_id: conversation });
    // The API's page is newest first.
    expect(messages.toReversed().map((m) => [m.text, m.warning])).toEqual([
      [ORDINARY, null],
      [MONEY, "money_request"],
      [MESSENGER, "outside_messenger"],
      ["Yes, Saturday at 11 suits me.", null],
    ]);
  });

  it("is never in the sender's API thread, nor in the answer that stored the message", async () => {
    const { items: messages } = await threadOf(people.visitor, { conversation_id: conversation });
    expect(messages.map((m) => m.warning)).toEqual([null, null, null, null]);
    const sent = await write(
      people.visitor,
      { conversation_id: conversation },
      "Pay the kapara to RS35 1050 0812 3123 1231 73",
    );
    expect(sent.warning).toBeNull();
  });

  it("shows beside the message on the recipient's page, linking to the safety advice in their language", async () => {
    const shown = items(await threadPage(people.owner.jar, conversation));
    const warnings = shown.map((li) => /data-warning="([a-z_]+)"/.exec(li)?.[1] ?? null);
    expect(warnings.slice(0, 4)).toEqual([null, "money_request", "outside_messenger", null]);
    expect(shown[1]).toContain("Never pay a deposit or a reservation before you have seen the property");
    expect(shown[1]).toContain('href="/safety/"');
    expect(shown[2]).toContain("another messenger");
    const sr = items(await threadPage(people.owner.jar, conversation, "/sr"));
    expect(sr[1]).toContain("Nikada ne plaćajte depozit");
    expect(sr[1]).toContain('href="/sr/safety/"');
  });

  it("comes with the live message as the recipient reads it, and with a reconnect's catch-up for the recipient only", async () => {
    const { listing, owner, visitor } = await pair();
    const first = await write(visitor, { realty_id: listing.id }, ORDINARY);
    const open = (who: Pair["owner"]) =>
      mustOpen({ cookie: who.jar.header(), conversationId: first.conversation_id, after: first.id });
    const ownerPage = await open(owner);
    const money = await write(visitor, { conversation_id: first.conversation_id }, MONEY);
    const [event] = await ownerPage.received(1);
    expect(event).toMatchObject({ type: "message", message: { id: money.id, warning: "money_request" } });
    ownerPage.close();
    // Pages that missed it hear it again from `after`: the recipient's with the warning, the sender's without.
    const [ownerAgain, visitorPage] = [await open(owner), await open(visitor)];
    const [late] = await ownerAgain.received(1);
    expect(late).toMatchObject({ type: "message", message: { id: money.id, warning: "money_request" } });
    const [own] = await visitorPage.received(1);
    expect(own).toMatchObject({ type: "message", message: { id: money.id, warning: null } });
    ownerAgain.close();
    visitorPage.close();
  });

  it("is not on the sender's page", async () => {
    const thread = await threadPage(people.visitor.jar, conversation);
    expect(items(thread).length).toBeGreaterThanOrEqual(4);
    expect(thread).not.toContain('data-testid="message-warning"');
    expect(thread).not.toContain('href="/safety/"');
  });
});
