/**
 * The header's unread messages (decision 039) as the server renders them: a signed-in person's count on
 * the account link of every page, in en/ru/sr with their plurals, linking to the messages; nothing of it
 * for a guest — neither the badge nor its code (decision 037).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { pair, write, type Pair } from "./messages-helpers.ts";

async function page(path: string, who?: SignedIn) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: { "user-agent": BROWSER_UA, ...(who ? { cookie: who.jar.header() } : {}) },
  });
  expect(res.status).toBe(200);
  return res.text();
}

const header = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
/** The badge link's attributes and text, or undefined. */
function badgeOf(html: string) {
  const match = /<a\b([^>]*data-testid="unread-badge"[^>]*)>([^<]*)<\/a>/.exec(header(html));
  if (!match) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(match[1]!)?.[1];
  return { label: attr("aria-label"), href: attr("href"), text: match[2] };
}

describe("a guest", () => {
  it("gets no badge and none of its code, on every kind of page", async () => {
    for (const path of ["/", "/search/", "/buy/apartment/beograd/"]) {
      const html = await page(path);
      expect(badgeOf(html)).toBeUndefined();
      expect(html).not.toMatch(/unread-badge|account-tools|messages\/live/);
    }
  });
});

describe("a signed-in person", () => {
  let people: Pair;
  let conversationId = 0;
  beforeAll(async () => {
    people = await pair();
    const first = await write(people.visitor, { realty_id: people.listing.id }, "Is it still available?");
    conversationId = first.conversation_id;
  });

  /** The owner's unread count in that conversation, as the API's writes would have left it. */
  const setUnread = (n: number) =>
    env.DB.prepare("UPDATE conversations SET owner_unread = ? WHERE id = ?").bind(n, conversationId).run();

  it("sees nothing unread as no badge, its rule in a stylesheet the head names (the header's, every page's)", async () => {
    const nobody = await signUpByPhone();
    const html = await page("/search/", nobody);
    expect(badgeOf(html)).toBeUndefined();
    const head = /<head>[\s\S]*?<\/head>/.exec(html)![0];
    const sheets = [...head.matchAll(/<link\b[^>]*\bhref="(\/assets\/[\w.-]+\.css)"/g)].map((m) => m[1]!);
    const css = await Promise.all(sheets.map(async (href) => (await SELF.fetch(`${ORIGIN}${href}`)).text()));
    // One rule for the badge a script renders and the one a kept page writes without JavaScript.
    expect(css.join("\n")).toMatch(
      /\.[\w-]+,\s*\.[\w-]+>\s*\[data-part=(badge|"badge")\]\s*\{[^}]*position:\s*absolute/,
    );
    // The rest of the account's tools are still rendered in place.
    expect(header(html)).toContain('name="intent" value="signout"');
  });

  it("sees their count on the account link, linking to the messages", async () => {
    await write(people.visitor, { conversation_id: conversationId }, "And the price?");
    const badge = badgeOf(await page("/", people.owner));
    expect(badge).toEqual({ label: "2 unread messages", href: "/cabinet/messages/", text: "2" });
    // Beside the account link (its own target), after it in the reading order.
    const html = header(await page("/", people.owner));
    expect(html.indexOf('href="/cabinet/"')).toBeLessThan(html.indexOf('data-testid="unread-badge"'));
    // The writer has read their own messages: no badge for them.
    expect(badgeOf(await page("/", people.visitor))).toBeUndefined();
  });

  it.each([
    ["/", 1, "1 unread message"],
    ["/", 21, "21 unread messages"],
    ["/ru/", 1, "1 непрочитанное сообщение"],
    ["/ru/", 3, "3 непрочитанных сообщения"],
    ["/ru/", 5, "5 непрочитанных сообщений"],
    ["/ru/", 21, "21 непрочитанное сообщение"],
    ["/sr/", 1, "1 nepročitana poruka"],
    ["/sr/", 3, "3 nepročitane poruke"],
    ["/sr/", 5, "5 nepročitanih poruka"],
  ])("%s with %i unread says “%s”", async (path, count, label) => {
    await setUnread(count);
    const badge = badgeOf(await page(path, people.owner));
    expect(badge?.label).toBe(label);
    expect(badge?.text).toBe(String(count));
    expect(badge?.href).toBe(`${path === "/" ? "" : path.slice(0, -1)}/cabinet/messages/`);
  });

  it("shows a large count in full (the visible text is part of the link's name)", async () => {
    await setUnread(120);
    expect(badgeOf(await page("/", people.owner))).toMatchObject({ text: "120", label: "120 unread messages" });
  });

  it("has a messages entry in the header's sections, with the unread count", async () => {
    await setUnread(3);
    const nav = /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(header(await page("/", people.owner)))?.[0] ?? "";
    const entry = /<a[^>]*href="\/cabinet\/messages\/"[^>]*>([\s\S]*?)<\/a>/.exec(nav)?.[1] ?? "";
    expect(entry).toContain("Messages");
    expect(entry).toContain('<span class="visually-hidden">3 unread</span>');
    // A guest's sections have none.
    expect(header(await page("/"))).not.toContain('href="/cabinet/messages/"');
  });

  it("shows no badge once everything is read", async () => {
    await setUnread(0);
    expect(badgeOf(await page("/", people.owner))).toBeUndefined();
  });
});
