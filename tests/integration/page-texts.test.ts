/**
 * Pages carry the site-wide texts and their own (client/i18n/text-scopes.server.ts): every text a page
 * shows must be in one of them, or the page would show a message id. Rendered in full (as crawlers
 * get them) in each language, signed out and, for the cabinet, signed in.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import en from "#locales/en.json";
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "#shared/constants.ts";
import { unsubscribeToken } from "#worker/auth/unsubscribe-token.ts";
import { devSession } from "./auth-fixtures.ts";
import { localizePath, type Locale } from "#shared/locales.ts";
import { BOT_UA, ORIGIN } from "#tests/fixtures/requests.ts";

const IDS = Object.keys(en);
let detail: string;
let article: string;
let session: string;
/** The unsubscribe page as each of an e-mail's links opens it: a list's, a saved search's, an expired one. */
let unsubscribe: string[];

beforeAll(async () => {
  const row = await env.DB.prepare(
    `SELECT l.id, c.slug FROM listings l JOIN cities c ON c.id = l.city_id
     WHERE l.status = 'active' AND l.deal = 'sale' AND l.property_type = 'apartment' ORDER BY l.id LIMIT 1`,
  ).first<{ id: number; slug: string }>();
  detail = `/buy/apartment/${row!.slug}/${row!.id}/`;
  const a = (
    await (
      await SELF.fetch(`${ORIGIN}/api/article?per_page=1`)
    ).json<{ items: { tag_path: string[]; slug: string }[] }>()
  ).items[0]!;
  article = `/media/${[...a.tag_path, a.slug].join("/")}/`;
  session = await devSession("user");
  const user = await env.DB.prepare(
    "SELECT id FROM users WHERE email IS NOT NULL AND deleted_at IS NULL LIMIT 1",
  ).first<{
    id: number;
  }>();
  const search = await env.DB.prepare(
    `INSERT INTO saved_searches (user_id, query, created_at, updated_at, opened_at)
     VALUES (?, 'deal=rent&type=1&city=beograd&rooms=1&rooms=2&price_max=800', 0, 0, 0) RETURNING id`,
  )
    .bind(user!.id)
    .first<{ id: number }>();
  const now = Date.now();
  unsubscribe = [
    await unsubscribeToken(env, user!.id, { kind: "list", list: "price_drops" }, now),
    await unsubscribeToken(env, user!.id, { kind: "saved_search", id: search!.id }, now),
    await unsubscribeToken(env, user!.id, { kind: "list", list: "messages" }, now - UNSUBSCRIBE_TOKEN_TTL_MS - 1),
  ].map((token) => `/unsubscribe/?token=${token}`);
});

/** Message ids in what a page shows: its markup without scripts (the data itself holds the ids). */
function idsShown(html: string): string[] {
  const shown = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
  return IDS.filter((id) => shown.includes(id));
}

const PUBLIC = [
  "/",
  "/search/?deal=sale&city=beograd&rooms=2",
  "/search/?q=zzzzqqqq",
  "/buy/apartment/beograd/",
  "/rent/house/",
  "/media/",
  "/media/market/",
  "/about/",
  "/faq/",
  "/privacy-policy/",
  "/user-agreement/",
  "/moderation-advice/",
  "/ad_creation_policy/",
  "/safety/",
  "/trust/",
  "/thank-you/?sent=question",
  "/favourites/",
  "/unsubscribe/",
  "/unsubscribe/?token=nope",
  "/no-such-page/",
  "/auth/?auth=signin",
  "/auth/",
  // The sign-in dialog over a page: its texts come with the root data only then.
  "/?auth=signin",
  "/about/?auth=register&via=email",
  "/faq/?auth=recover",
];
const PRIVATE = [
  "/cabinet/",
  "/cabinet/personal/",
  "/cabinet/favourites/",
  "/cabinet/saved-searches/",
  "/cabinet/messages/",
  "/cabinet/payment/",
  "/listing/create/",
];

describe.each(["en", "ru", "sr"] as Locale[])("messages of the pages in %s", (locale) => {
  it("shows no message id on any public page", async () => {
    for (const path of [...PUBLIC, detail, article, ...unsubscribe]) {
      const res = await SELF.fetch(`${ORIGIN}${localizePath(path, locale)}`, {
        headers: { "user-agent": BOT_UA, cookie: `locale=${locale}` },
        redirect: "manual",
      });
      // A forged unsubscribe link is a 403 page, an expired one 410.
      expect([200, 403, 404, 410], path).toContain(res.status);
      expect(idsShown(await res.text()), `${locale} ${path}`).toEqual([]);
    }
  });

  it("shows no message id on the signed-in pages", async () => {
    for (const path of PRIVATE) {
      const res = await SELF.fetch(`${ORIGIN}${localizePath(path, locale)}`, {
        headers: { "user-agent": BOT_UA, cookie: `locale=${locale}; ${session}` },
        redirect: "manual",
      });
      expect(res.status, path).toBe(200);
      expect(idsShown(await res.text()), `${locale} ${path}`).toEqual([]);
    }
  });
});
