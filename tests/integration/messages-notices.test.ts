import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MESSAGE_NOTICE_DELAY_MS, MESSAGE_NOTICE_INTERVAL_MS } from "#shared/constants.ts";
import { checkUnsubscribeToken, unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { scheduled } from "#worker/scheduled.ts";
import { excerpt, sendMessageNotices } from "#worker/workflows/message-notices.ts";
import { call, outbox, type SignedIn } from "./auth-fixtures.ts";
import { as, json, pair, write } from "./messages-helpers.ts";

const MINUTE = 60 * 1000;
const ORIGIN = "http://localhost:8787";

/** Gives the account a confirmed address (and a language); the address. */
async function confirmEmail(who: SignedIn, locale: string | null = null): Promise<string> {
  const email = `notice-${who.user.id}-${Math.floor(Math.random() * 1e6)}@example.rs`;
  await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = 1, locale = ? WHERE id = ?")
    .bind(email, locale, who.user.id)
    .run();
  return email;
}

const notices = async (email: string) => (await outbox(email)).filter((item) => item.purpose === "new_message");
const run = (now: number) => sendMessageNotices(env, now, unsubscribeSigner(env));

/** The token of an e-mail's one-click address (`List-Unsubscribe: <…?token=…>`). */
const oneClickToken = (headers: Record<string, string>) =>
  new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!).searchParams.get("token")!;

/** Writes at `at` as `who` (the development clock). */
const writeAt = (
  who: SignedIn,
  target: { conversation_id: number } | { realty_id: number },
  text: string,
  at: number,
) => write(who, target, text, at);

describe("the e-mail notice of an unread message", () => {
  it("goes once, after the delay, with the link into the conversation and the one-click unsubscribe", async () => {
    const { listing, owner, visitor } = await pair({ owner: "Olga", visitor: "Vera Visitor" });
    const email = await confirmEmail(owner, "ru");
    const t0 = Date.now();
    const first = await writeAt(visitor, { realty_id: listing.id }, "Здравствуйте! Квартира ещё свободна?", t0);
    const id = first.conversation_id;

    await run(t0 + MESSAGE_NOTICE_DELAY_MS - MINUTE);
    expect(await notices(email)).toEqual([]);
    await run(t0 + MESSAGE_NOTICE_DELAY_MS);
    const [letter, ...more] = await notices(email);
    expect(more).toEqual([]);
    expect(letter!.subject).toBe("Новое сообщение на Kvadrat");
    expect(letter!.body).toContain("Vera Visitor");
    expect(letter!.body).toContain("> Здравствуйте! Квартира ещё свободна?");
    expect(letter!.body).toContain(`№ ${listing.id}`);
    expect(letter!.body).toContain(`${ORIGIN}/ru/cabinet/messages/?c=${id}`);

    // A signed token of the recipient and the messages list: in the one-click address and in the page's link.
    const token = oneClickToken(letter!.headers);
    expect(letter!.headers).toEqual({
      "List-Unsubscribe": `<${ORIGIN}/api/unsubscribe/one-click?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await checkUnsubscribeToken(env, token, Date.now())).toMatchObject({
      ok: true,
      userId: owner.user.id,
      scope: { kind: "list", list: "messages" },
    });
    expect(letter!.body).toContain(`${ORIGIN}/ru/unsubscribe/?token=${token}`);

    // Later runs of the hour send nothing more, even for a newer message.
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + 5 * MINUTE);
    await writeAt(visitor, { conversation_id: id }, "Можно посмотреть в субботу?", t0 + 15 * MINUTE);
    await run(t0 + 30 * MINUTE);
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + MESSAGE_NOTICE_INTERVAL_MS - MINUTE);
    expect(await notices(email)).toHaveLength(1);
    // An hour after the first, the newer message is told, its words quoted.
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + MESSAGE_NOTICE_INTERVAL_MS);
    const letters = await notices(email);
    expect(letters).toHaveLength(2);
    expect(letters[0]!.body).toContain("> Можно посмотреть в субботу?");
    // Its token stops the same list.
    expect(await checkUnsubscribeToken(env, oneClickToken(letters[0]!.headers), Date.now())).toMatchObject({
      ok: true,
      userId: owner.user.id,
      scope: { kind: "list", list: "messages" },
    });
    // Nothing new since: no third e-mail however long the messages stay unread.
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + 3 * MESSAGE_NOTICE_INTERVAL_MS);
    expect(await notices(email)).toHaveLength(2);
  });

  it("is one e-mail per conversation, not per message, and goes to either side", async () => {
    const { listing, owner, visitor } = await pair();
    const ownerEmail = await confirmEmail(owner);
    const visitorEmail = await confirmEmail(visitor, "sr");
    const t0 = Date.now();
    const first = await writeAt(visitor, { realty_id: listing.id }, "one", t0);
    await writeAt(visitor, { conversation_id: first.conversation_id }, "two", t0 + MINUTE);
    await writeAt(visitor, { conversation_id: first.conversation_id }, "three", t0 + 2 * MINUTE);
    await writeAt(owner, { conversation_id: first.conversation_id }, "Odgovor vlasnika", t0 + 3 * MINUTE);
    await run(t0 + 3 * MINUTE + MESSAGE_NOTICE_DELAY_MS);
    const [toOwner, ...moreToOwner] = await notices(ownerEmail);
    expect(moreToOwner).toEqual([]);
    expect(toOwner!.subject).toBe("You have a new message on Kvadrat");
    // The newest unread message is the one quoted.
    expect(toOwner!.body).toContain("> three");
    expect(toOwner!.body).toContain(`${ORIGIN}/cabinet/messages/?c=${first.conversation_id}`);
    const [toVisitor, ...moreToVisitor] = await notices(visitorEmail);
    expect(moreToVisitor).toEqual([]);
    expect(toVisitor!.subject).toBe("Nova poruka na Kvadratu");
    expect(toVisitor!.body).toContain("> Odgovor vlasnika");
    expect(toVisitor!.body).toContain(`${ORIGIN}/sr/cabinet/messages/?c=${first.conversation_id}`);
  });

  it("is not sent when the recipient read the message in time", async () => {
    const { listing, owner, visitor } = await pair();
    const email = await confirmEmail(owner);
    const t0 = Date.now();
    const message = await writeAt(visitor, { realty_id: listing.id }, "Read me", t0);
    await json(as(owner, t0 + 5 * MINUTE).delivered(message.conversation_id, message.id));
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + MINUTE);
    await run(t0 + 2 * MESSAGE_NOTICE_INTERVAL_MS);
    expect(await notices(email)).toEqual([]);
  });

  it("is not sent after the recipient left the list, by the e-mail's one-click address", async () => {
    const { listing, owner, visitor } = await pair();
    const email = await confirmEmail(owner);
    const t0 = Date.now();
    const first = await writeAt(visitor, { realty_id: listing.id }, "First", t0);
    await run(t0 + MESSAGE_NOTICE_DELAY_MS);
    const [letter] = await notices(email);
    const address = /^<(.+)>$/.exec(letter!.headers["List-Unsubscribe"]!)![1]!;
    // As a mail client posts it (RFC 8058): no session, no CSRF headers, a form body.
    const res = await call(new URL(address).pathname + new URL(address).search, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      sameOrigin: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { stopped: { kind: "list", list: "messages" } } });

    await writeAt(visitor, { conversation_id: first.conversation_id }, "Second", t0 + 20 * MINUTE);
    await run(t0 + 2 * MESSAGE_NOTICE_INTERVAL_MS);
    expect(await notices(email)).toHaveLength(1);
    // The unsubscribe page shows the list left.
    const token = new URL(address).searchParams.get("token")!;
    const status = await json<{ data: { lists: { list: string; subscribed: boolean }[] } }>(
      call(`/api/unsubscribe?token=${encodeURIComponent(token)}`),
    );
    expect(status.data.lists).toContainEqual({ list: "messages", subscribed: false });
  });

  it("is not sent to an address that is not confirmed, nor in a blocked conversation", async () => {
    const a = await pair();
    const b = await pair();
    await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = NULL WHERE id = ?")
      .bind(`unconfirmed-${a.owner.user.id}@example.rs`, a.owner.user.id)
      .run();
    const blockedEmail = await confirmEmail(b.owner);
    const t0 = Date.now();
    await writeAt(a.visitor, { realty_id: a.listing.id }, "Hello?", t0);
    const inB = await writeAt(b.visitor, { realty_id: b.listing.id }, "Spam", t0);
    await json(as(b.owner, t0 + MINUTE).block(inB.conversation_id, true));
    await run(t0 + MESSAGE_NOTICE_DELAY_MS + MINUTE);
    expect(await notices(`unconfirmed-${a.owner.user.id}@example.rs`)).toEqual([]);
    expect(await notices(blockedEmail)).toEqual([]);
  });

  it("is sent once by overlapping runs, and by the Cron Trigger's handler", async () => {
    const { listing, owner, visitor } = await pair();
    const email = await confirmEmail(owner);
    const t0 = Date.now();
    await writeAt(visitor, { realty_id: listing.id }, "Twice?", t0);
    const at = t0 + MESSAGE_NOTICE_DELAY_MS + MINUTE;
    await Promise.all([
      run(at),
      run(at + 1),
      scheduled(createScheduledController({ scheduledTime: at + 2, cron: "*/5 * * * *" }), env),
    ]);
    expect(await notices(email)).toHaveLength(1);
  });

  it("quotes about the first 200 characters of a long message", async () => {
    const { listing, owner, visitor } = await pair();
    const email = await confirmEmail(owner);
    const long = `${"word ".repeat(100)}END`;
    const t0 = Date.now();
    await writeAt(visitor, { realty_id: listing.id }, long, t0);
    await run(t0 + MESSAGE_NOTICE_DELAY_MS);
    const [letter] = await notices(email);
    const quote = letter!.body.split("\n").find((line) => line.startsWith("> "))!;
    expect(quote).toBe(`> ${excerpt(long)}`);
    expect(quote.length).toBeLessThanOrEqual(2 + 201);
    expect(quote).not.toContain("END");
    expect(quote.endsWith("…")).toBe(true);
  });
});

describe("excerpt", () => {
  it("keeps a short message whole, flattening its blank space", () => {
    expect(excerpt("  Hello,\n\n  is it  free? ")).toBe("Hello, is it free?");
  });
  it("cuts a long one at a word within the length, never inside a character", () => {
    expect(excerpt("aaaa bbbb cccc", 12)).toBe("aaaa bbbb…");
    expect(excerpt("x".repeat(30), 10)).toBe(`${"x".repeat(10)}…`);
    const emoji = "🏠".repeat(20);
    expect(excerpt(emoji, 5)).toBe(`${"🏠".repeat(5)}…`);
  });
});
