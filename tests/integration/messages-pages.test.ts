/**
 * `/cabinet/messages/` as a browser without JavaScript uses it (decision 039): the conversation
 * list with unread counts, a conversation with its listing and messages (opening it reads it), replies,
 * earlier messages, blocking and reporting as plain form posts answered by a redirect back, refusals
 * re-rendered with their status, message text rendered inert, another person's conversation the 404 page,
 * the texts in en, ru and sr; and the detail page's message form linking to the conversation it wrote in.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiConversation, ApiMessage } from "#shared/api/messages.ts";
import { MESSAGES_PER_PAGE } from "#shared/constants.ts";
import { BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, signUpByPhone, uniqueIp, type Jar, type SignedIn, formPost } from "./auth-fixtures.ts";
import { insertListing } from "./listing-fixtures.ts";

/** A page as a browser asks for it. */
async function page(path: string, jar?: Jar, locale = "en") {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": locale,
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
    },
  });
}

/** A form post as a browser without JavaScript makes it, in `locale`. */
const post = (path: string, fields: Record<string, string>, jar: Jar, locale = "en") =>
  formPost(path, fields, jar, { "accept-language": locale });

const html = async (res: Response) => pageText(await res.text());
/** The rendered thread (its section), without the page's data for hydration. */
const thread = (doc: string) => /<section[^>]*data-testid="thread"[\s\S]*?<\/section>/.exec(doc)?.[0] ?? "";
/** The conversation list's entry of a conversation. */
const entry = (doc: string, id: number) =>
  [...doc.matchAll(/<a [^>]*data-testid="conversation"[^>]*data-id="(\d+)"[^>]*>[\s\S]*?<\/a>/g)].find(
    (m) => m[1] === String(id),
  )?.[0];
/** The `href` of the link with this test id. */
const hrefOf = (doc: string, testId: string) =>
  /href="([^"]*)"/.exec(new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(doc)?.[0] ?? "")?.[1];
const messagesIn = (doc: string) => [...thread(doc).matchAll(/<li [^>]*data-testid="message"/g)].length;

/** A message through the API: to a listing (starting a conversation) or into a conversation. */
async function write(who: SignedIn, to: { realty_id: number } | { conversation_id: number }, words: string) {
  const res = await call("/api/cabinet/messages/create", {
    jar: who.jar,
    body: { ...to, text: words },
    ip: uniqueIp(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ data: ApiMessage }>()).data;
}
async function messagesOf(who: SignedIn, id: number) {
  const res = await call(`/api/cabinet/messages/list?conversation_id=${id}`, { jar: who.jar });
  expect(res.status).toBe(200);
  return res.json<{ items: ApiMessage[]; conversation: ApiConversation; has_earlier: boolean }>();
}
async function unread(who: SignedIn) {
  const res = await call("/api/cabinet/messages/count", { jar: who.jar });
  expect(res.status).toBe(200);
  return (await res.json<{ data: { unread: number } }>()).data.unread;
}
const reply = (who: SignedIn, id: number, words: string, back = `/cabinet/messages/?c=${id}`, locale = "en") =>
  post(back, { intent: "reply", conversation_id: String(id), text: words, redirect_to: back }, who.jar, locale);

let owner: SignedIn;
let visitor: SignedIn;
let stranger: SignedIn;
let listing: number;
let conversation: number;

beforeAll(async () => {
  [owner, visitor, stranger] = await Promise.all([
    signUpByPhone({ name: "Olga Vlasnik" }),
    signUpByPhone({ name: "Vuk Posetilac" }),
    signUpByPhone({ name: "Stranger" }),
  ]);
  listing = await insertListing(owner.user.id, { title: "Sunny flat by the river" });
  conversation = (await write(visitor, { realty_id: listing }, "Hello!\nIs the flat still free?")).conversation_id;
});

describe("the conversation list", () => {
  it("asks a guest to sign in", async () => {
    const res = await page("/cabinet/messages/?c=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth=signin&next=%2Fcabinet%2Fmessages%2F%3Fc%3D1");
  });

  it("lists the conversation on both sides: the listing, the other person, the last message's first line, unread", async () => {
    const doc = await html(await page("/cabinet/messages/", owner.jar));
    expect(doc).toContain('content="noindex, nofollow"');
    const mine = entry(doc, conversation)!;
    expect(mine).toContain("Sunny flat by the river");
    expect(mine).toContain("Vuk Posetilac");
    expect(mine).toContain("Hello!");
    expect(mine).not.toContain("Is the flat still free?");
    expect(mine).toContain("1 unread message");
    expect(mine).toContain(`href="/cabinet/messages/?c=${conversation}"`);
    // Narrow screens show the list alone until a conversation is open.
    expect(doc).toContain('data-view="list"');

    const theirs = entry(await html(await page("/cabinet/messages/", visitor.jar)), conversation)!;
    expect(theirs).toContain("Olga Vlasnik");
    expect(theirs).toContain("You: Hello!");
    expect(theirs).not.toContain("unread");
  });

  it("says so when there are none", async () => {
    const doc = await html(await page("/cabinet/messages/", stranger.jar));
    expect(doc).toContain('data-testid="conversations-empty"');
    expect(doc).toContain("No conversations yet.");
  });

  it("links to messages from the cabinet, with the unread count", async () => {
    const other = await signUpByPhone({ name: "Second Visitor" });
    await write(other, { realty_id: listing }, "Another question");
    const doc = await html(await page("/cabinet/", owner.jar));
    expect(doc).toContain('href="/cabinet/messages/"');
    expect(/data-testid="cabinet-unread"[^>]*>(\d+) unread messages?</.exec(doc)?.[1]).toBe(
      String(await unread(owner)),
    );
  });
});

describe("a conversation", () => {
  it("shows the listing and the messages, names the conversation in the title, and reads it when opened", async () => {
    const before = await unread(owner);
    const res = await page(`/cabinet/messages/?c=${conversation}`, owner.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toContain("<title>Vuk Posetilac · Sunny flat by the river | Kvadrat</title>");
    expect(doc).toContain('data-view="thread"');
    const shown = thread(doc);
    expect(shown).toContain("Conversation with Vuk Posetilac");
    expect(hrefOf(shown, "listing-link")).toMatch(new RegExp(`^/buy/apartment/[^/]+/${listing}/$`));
    expect(shown).toContain("Hello!\nIs the flat still free?");
    expect(shown).toContain("Message from Vuk Posetilac at ");
    expect(shown).toContain("Today");
    expect(shown).toContain('href="/cabinet/messages/"');
    expect(shown).toContain('name="intent" value="reply"');
    expect(shown).toMatch(/maxlength="2000"/i);
    // Read now, on both sides' records: no longer unread, and the visitor's message carries its read mark.
    expect(await unread(owner)).toBe(before - 1);
    expect(entry(await html(await page("/cabinet/messages/", owner.jar)), conversation)).not.toContain("unread");
    const seen = (await messagesOf(visitor, conversation)).items[0]!;
    expect(seen.from_me).toBe(true);
    expect(seen.read_at).not.toBeNull();
    const visitorView = thread(await html(await page(`/cabinet/messages/?c=${conversation}`, visitor.jar)));
    expect(visitorView).toContain('data-mark="read"');
    expect(visitorView).toContain("Your message at ");
  });

  it("answers: a reply posts back to the conversation, where it shows, sent", async () => {
    const res = await reply(owner, conversation, "Yes, it is.\nCome on Saturday.");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/cabinet/messages/?c=${conversation}`);
    const doc = thread(await html(await page(`/cabinet/messages/?c=${conversation}`, owner.jar)));
    expect(doc).toContain("Yes, it is.\nCome on Saturday.");
    expect(doc).toMatch(/data-mine="true" data-mark="(sent|delivered)"/);
    const seen = await messagesOf(visitor, conversation);
    expect(seen.items[0]!.text).toBe("Yes, it is.\nCome on Saturday.");
    expect(seen.items[0]!.from_me).toBe(false);
  });

  it("refuses an empty or overlong reply with its reason and keeps what was typed", async () => {
    const empty = await reply(owner, conversation, "   ");
    expect(empty.status).toBe(400);
    expect(thread(await html(empty))).toContain("Fill in this field.");
    const long = "x".repeat(2001);
    const refused = await reply(owner, conversation, long);
    expect(refused.status).toBe(400);
    const doc = thread(await html(refused));
    expect(doc).toContain("Shorten it to 2,000 characters.");
    expect(doc).toContain('aria-invalid="true"');
    expect(doc).toContain(`>${long}</textarea>`);
  });

  it("renders a message's text inert: markup as typed, web addresses as nofollow ugc links", async () => {
    const words =
      '<script>alert("x")</script> <a href=javascript:alert(1)>click</a> <img src=x onerror=alert(2)> see https://example.rs/flat?id=7.';
    await write(visitor, { conversation_id: conversation }, words);
    const raw = await (await page(`/cabinet/messages/?c=${conversation}`, owner.jar)).text();
    const shown = thread(raw);
    expect(shown).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(shown).toContain("&lt;a href=javascript:alert(1)&gt;click&lt;/a&gt;");
    expect(shown).toContain("&lt;img src=x onerror=alert(2)&gt;");
    expect(shown).toContain(
      '<a href="https://example.rs/flat?id=7" rel="nofollow ugc noopener" target="_blank">https://example.rs/flat?id=7</a>.',
    );
    // Nowhere in the document, its data for hydration included, is the text markup.
    expect(raw).not.toContain('<script>alert("x")');
    expect(raw).not.toMatch(/<a href="?javascript:/i);
    expect(raw).not.toContain("<img src=x");
  });

  it("is the 404 page for anyone but its two participants, and for an id that is not one", async () => {
    expect((await page(`/cabinet/messages/?c=${conversation}`, stranger.jar)).status).toBe(404);
    expect((await page("/cabinet/messages/?c=abc", owner.jar)).status).toBe(404);
    expect((await page("/cabinet/messages/?c=999999999", owner.jar)).status).toBe(404);
    const res = await reply(stranger, conversation, "Let me in");
    expect(res.status).toBe(404);
    expect((await messagesOf(owner, conversation)).items.some((m) => m.text === "Let me in")).toBe(false);
  });

  it("pages earlier messages by a link, and the earlier page links back to the newest", async () => {
    const asker = await signUpByPhone({ name: "Chatty" });
    const first = await write(asker, { realty_id: listing }, "message 0");
    // The thread's length is the fixture, not the flow: the rest are written straight to D1.
    const rows = Array.from({ length: MESSAGES_PER_PAGE + 4 }, (_, i) => i + 1);
    await env.DB.batch(
      rows.map((i) =>
        env.DB.prepare(
          `INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, conversation_id)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(
          listing,
          i % 2 ? owner.user.id : asker.user.id,
          i % 2 ? asker.user.id : owner.user.id,
          `message ${i}`,
          Date.parse(first.created_at) + i * 1000,
          first.conversation_id,
        ),
      ),
    );
    const id = first.conversation_id;
    const newest = await html(await page(`/cabinet/messages/?c=${id}`, asker.jar));
    expect(messagesIn(newest)).toBe(MESSAGES_PER_PAGE);
    expect(thread(newest)).toContain(`message ${MESSAGES_PER_PAGE + 4}<`);
    expect(thread(newest)).not.toContain("message 4<");
    const link = hrefOf(thread(newest), "earlier")!;
    expect(link).toMatch(new RegExp(`^/cabinet/messages/\\?c=${id}&before=\\d+$`));
    const earlier = await html(await page(link, asker.jar));
    expect(messagesIn(earlier)).toBe(5);
    expect(thread(earlier)).toContain("message 0<");
    expect(thread(earlier)).toContain("message 4<");
    expect(thread(earlier)).not.toContain('data-testid="earlier"');
    expect(thread(earlier)).toContain(`href="/cabinet/messages/?c=${id}"`);
    // A reply from the earlier page goes back to the newest messages.
    const res = await reply(asker, id, "From the past", link);
    expect(res.headers.get("location")).toBe(`/cabinet/messages/?c=${id}`);
  });

  it("pages the conversation list", async () => {
    const busy = await signUpByPhone({ name: "Busy Owner" });
    const people = await Promise.all(Array.from({ length: 21 }, () => signUpByPhone()));
    for (const [i, person] of people.entries()) {
      const flat = await insertListing(busy.user.id, { title: `Busy flat ${i}` });
      await write(person, { realty_id: flat }, `Question ${i}`);
    }
    const first = await html(await page("/cabinet/messages/", busy.jar));
    expect(first.match(/data-testid="conversation"/g)).toHaveLength(20);
    // Newest activity first.
    expect(first.indexOf("Question 20")).toBeLessThan(first.indexOf("Question 19"));
    expect(first).toContain('href="/cabinet/messages/?page=2"');
    const second = await html(await page("/cabinet/messages/?page=2", busy.jar));
    expect(second.match(/data-testid="conversation"/g)).toHaveLength(1);
    expect(second).toContain("Question 0");
    const past = await page("/cabinet/messages/?page=7", busy.jar);
    expect(past.status).toBe(302);
    expect(past.headers.get("location")).toBe("/cabinet/messages/?page=2");
  });
});

describe("blocking and reporting without JavaScript", () => {
  it("blocks: no reply box on either side, a reply refused; lifting the block lets them write again", async () => {
    const asker = await signUpByPhone({ name: "Blocked Asker" });
    const { conversation_id: id } = await write(asker, { realty_id: listing }, "Cheap? Send money first.");
    const back = `/cabinet/messages/?c=${id}`;
    let res = await post(back, { intent: "block", conversation_id: String(id), redirect_to: back }, owner.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${back}&done=block`);
    const mine = thread(await html(await page(`${back}&done=block`, owner.jar)));
    expect(mine).toContain("Blocked Asker is blocked");
    expect(mine).toContain("You have blocked Blocked Asker");
    expect(mine).toContain('name="intent" value="unblock"');
    expect(mine).not.toContain('name="intent" value="reply"');
    const theirs = thread(await html(await page(back, asker.jar)));
    expect(theirs).toContain("Olga Vlasnik has blocked this conversation");
    expect(theirs).not.toContain('name="intent" value="reply"');
    expect(theirs).not.toContain('value="unblock"');
    const refused = await reply(asker, id, "Hello?");
    expect(refused.status).toBe(409);
    expect(thread(await html(refused))).toContain("This conversation is blocked: the message was not sent.");

    res = await post(back, { intent: "unblock", conversation_id: String(id), redirect_to: back }, owner.jar);
    expect(res.headers.get("location")).toBe(`${back}&done=unblock`);
    expect(thread(await html(await page(back, asker.jar)))).toContain('name="intent" value="reply"');
    expect((await reply(asker, id, "Hello again")).status).toBe(302);
  });

  it("reports a conversation with a reason, words needed for 'other'", async () => {
    const asker = await signUpByPhone({ name: "Rude Asker" });
    const { conversation_id: id } = await write(asker, { realty_id: listing }, "Rude words");
    const back = `/cabinet/messages/?c=${id}`;
    const missing = await post(
      back,
      { intent: "report", conversation_id: String(id), reason: "other", text: "", redirect_to: back },
      owner.jar,
    );
    expect(missing.status).toBe(400);
    const form = thread(await html(missing));
    expect(form).toContain("Fill in this field.");
    expect(form).toMatch(/<details[^>]*open=""/);
    expect(/<input [^>]*value="other"[^>]*>/.exec(form)?.[0]).toContain('checked=""');

    const res = await post(
      back,
      { intent: "report", conversation_id: String(id), reason: "abuse", text: "Insults", redirect_to: back },
      owner.jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${back}&done=report`);
    expect(thread(await html(await page(`${back}&done=report`, owner.jar)))).toContain(
      "Thank you: the moderators will look at this conversation.",
    );
    const stored = await env.DB.prepare(
      "SELECT reason, text FROM conversation_reports WHERE conversation_id = ? AND reporter_id = ?",
    )
      .bind(id, owner.user.id)
      .first<{ reason: string; text: string }>();
    expect(stored).toEqual({ reason: "abuse", text: "Insults" });
  });
});

describe("a closed conversation", () => {
  it("stays readable without a reply box when its listing was deleted", async () => {
    const asker = await signUpByPhone({ name: "Late Asker" });
    const flat = await insertListing(owner.user.id, { title: "Flat that went" });
    const { conversation_id: id } = await write(asker, { realty_id: flat }, "Still there?");
    await env.DB.prepare("UPDATE listings SET status = 'archived', deleted_at = ? WHERE id = ?")
      .bind(Date.now(), flat)
      .run();
    const shown = thread(await html(await page(`/cabinet/messages/?c=${id}`, owner.jar)));
    expect(shown).toContain("Still there?");
    expect(shown).toContain("This conversation is closed");
    expect(shown).toContain("(the listing is not published now)");
    expect(shown).not.toContain('data-testid="listing-link"');
    expect(shown).not.toContain('name="intent" value="reply"');
    expect(shown).not.toContain('name="intent" value="block"');
    const refused = await reply(owner, id, "Too late");
    expect(refused.status).toBe(409);
    expect(thread(await html(refused))).toContain(
      "This conversation is closed: the listing or the other person's account was deleted.",
    );
  });

  it("names a deleted account so", async () => {
    const gone = await signUpByPhone({ name: "Soon Gone" });
    const { conversation_id: id } = await write(gone, { realty_id: listing }, "Bye");
    await env.DB.prepare("UPDATE users SET name = '', deleted_at = ? WHERE id = ?")
      .bind(Date.now(), gone.user.id)
      .run();
    expect(entry(await html(await page("/cabinet/messages/", owner.jar)), id)).toContain("Deleted account");
    const doc = await html(await page(`/cabinet/messages/?c=${id}`, owner.jar));
    expect(doc).toContain("<title>Deleted account · Sunny flat by the river | Kvadrat</title>");
    expect(thread(doc)).toContain("Conversation with Deleted account");
  });
});

describe("languages", () => {
  it("speaks Russian and Serbian with their plurals", async () => {
    const asker = await signUpByPhone({ name: "Ivan" });
    const { conversation_id: id } = await write(asker, { realty_id: listing }, "Добрый день");
    await write(asker, { conversation_id: id }, "Ещё вопрос");
    await write(asker, { conversation_id: id }, "И ещё");
    const ru = await html(await page("/ru/cabinet/messages/", owner.jar, "ru"));
    expect(ru).toContain("Переписки");
    expect(entry(ru, id)).toContain("3 непрочитанных сообщения");
    expect(entry(ru, id)).toContain(`href="/ru/cabinet/messages/?c=${id}"`);
    const sr = await html(await page("/sr/cabinet/messages/", owner.jar, "sr"));
    expect(entry(sr, id)).toContain("3 nepročitane poruke");
    const open = thread(await html(await page(`/sr/cabinet/messages/?c=${id}`, owner.jar, "sr")));
    expect(open).toContain("Prepiska sa Ivan");
    expect(open).toContain("Nazad na prepiske");
    expect(open).toContain("Danas");
  });
});

describe("the detail page's message form", () => {
  it("links the confirmation to the conversation the message went into", async () => {
    const writer = await signUpByPhone({ name: "Detail Writer" });
    const detail = (await (await call(`/api/realty/${listing}`)).json<{ data: { path: string } }>()).data.path;
    const res = await post(detail, { intent: "message", text: "Written on the listing's page" }, writer.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toContain("Message sent.");
    const href = hrefOf(doc, "open-conversation")!;
    expect(href).toMatch(/^\/cabinet\/messages\/\?c=\d+$/);
    const shown = thread(await html(await page(href, writer.jar)));
    expect(shown).toContain("Written on the listing's page");
    expect(shown).toContain("Sunny flat by the river");
  });
});
