/**
 * No dead ends: every internal link and form action on the pages a visitor and a signed-in
 * user reach answers without an error (redirects followed). (The pages that only rendered their heading —
 * the cabinet's favourites and saved searches — are real now, so none is left to keep unlinked.)
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { devSession } from "./auth-fixtures.ts";
import { type Locale, localizePath } from "#shared/locales.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";

type Who = "visitor" | "user";
let session = "";
let detail = "";
let ownDetail = "";
let ownPreview = "";
let article = "";

beforeAll(async () => {
  const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
  session = await devSession("user");
  const listing = (owner: "=" | "!=") =>
    env.DB.prepare(
      `SELECT l.id, l.deal, l.property_type, c.slug FROM listings l JOIN cities c ON c.id = l.city_id
       WHERE l.status = 'active' AND l.owner_id ${owner} (SELECT id FROM users WHERE email = ?) ORDER BY l.id LIMIT 1`,
    )
      .bind(account.email)
      .first<{ id: number; deal: string; property_type: string; slug: string }>();
  const pathOf = (row: { id: number; deal: string; property_type: string; slug: string } | null) =>
    `/${row!.deal === "sale" ? "buy" : "rent"}/${row!.property_type}/${row!.slug}/${row!.id}/`;
  detail = pathOf(await listing("!="));
  ownDetail = pathOf(await listing("="));
  const draft = await env.DB.prepare(
    `SELECT id FROM listings WHERE owner_id = (SELECT id FROM users WHERE email = ?)
     ORDER BY status = 'draft' DESC, status = 'pending' DESC, id LIMIT 1`,
  )
    .bind(account.email)
    .first<{ id: number }>();
  ownPreview = `/listing/preview/${draft!.id}/`;
  const articles = await (
    await SELF.fetch(`${ORIGIN}/api/article?per_page=1`)
  ).json<{ items: { tag_path: string[]; slug: string }[] }>();
  article = `/media/${[...articles.items[0]!.tag_path, articles.items[0]!.slug].join("/")}/`;
});

/** The pages each kind of visitor reaches (locale-free). */
function pagesOf(who: Who): string[] {
  const visitor = [
    "/",
    "/search/",
    "/search/?deal=rent&city=beograd",
    "/buy/apartment/beograd/",
    "/rent/apartment/",
    detail,
    "/media/",
    "/media/market/",
    article,
    "/faq/",
    "/favourites/",
    "/about/",
    "/privacy-policy/",
    "/user-agreement/",
    "/moderation-advice/",
    "/ad_creation_policy/",
    "/safety/",
    "/trust/",
    "/thank-you/",
    "/unsubscribe/",
    // The sign-in dialog over a page, each of its steps.
    "/?auth=signin",
    "/?auth=register",
    "/?auth=recover",
  ];
  return who === "visitor"
    ? visitor
    : [
        "/",
        "/search/",
        detail,
        ownDetail,
        ownPreview,
        "/faq/",
        "/cabinet/",
        "/cabinet/personal/",
        "/cabinet/personal/?verify=phone",
        "/cabinet/messages/",
        "/cabinet/favourites/",
        "/cabinet/saved-searches/",
        // Payments (decision 040): the transactions, and a listing's packages (the cabinet's cards link them).
        "/cabinet/payment/",
      ];
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Internal link targets and form actions of a document, as absolute URLs. */
function targetsOf(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"|<form\s[^>]*?\baction="([^"]*)"/g)) {
    const href = decode(match[1] ?? match[2]!);
    if (!href || href.startsWith("#")) continue;
    const url = new URL(href, base);
    if (url.origin !== ORIGIN) continue;
    url.hash = "";
    found.push(url);
  }
  return found;
}

const headersFor = (who: Who, locale: Locale) => ({
  "user-agent": BROWSER_UA,
  "accept-language": locale,
  cookie: [`locale=${locale}`, who === "user" ? session : ""].filter(Boolean).join("; "),
});

/** Follows up to 5 redirects: the last status (0: still redirecting). */
async function visit(url: URL, who: Who, locale: Locale): Promise<number> {
  let current = url;
  for (let i = 0; i < 6; i += 1) {
    const res = await SELF.fetch(current, { headers: headersFor(who, locale), redirect: "manual" });
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return res.status;
    current = new URL(location, current);
    if (current.origin !== ORIGIN) return res.status;
  }
  return 0;
}

/**
 * Targets already checked, by who, language and address. The answers are kept, not the visits' promises: a
 * test's second try must not wait on a visit its first try started (workerd ends that I/O with the first
 * try: "Promise will never complete").
 */
const checked = new Map<string, string | null>();

/** Why a target is a dead end, or null. */
async function problemOf(url: URL, who: Who, locale: Locale): Promise<string | null> {
  const key = `${who} ${locale} ${url.href}`;
  if (checked.has(key)) return checked.get(key)!;
  const status = await visit(url, who, locale);
  const problem = status === 0 ? "redirects more than 5 times" : status >= 400 ? `answers ${status}` : null;
  checked.set(key, problem);
  return problem;
}

async function deadEnds(who: Who, locale: Locale): Promise<string[]> {
  const failures: string[] = [];
  for (const page of pagesOf(who)) {
    const url = new URL(localizePath(page, locale), ORIGIN);
    const res = await SELF.fetch(url, { headers: headersFor(who, locale), redirect: "manual" });
    expect(res.status, `${who} ${url.pathname}${url.search}`).toBe(200);
    const targets = targetsOf(await res.text(), url);
    expect(targets.length, url.href).toBeGreaterThan(5);
    const unique = [...new Map(targets.map((t) => [t.href, t])).values()];
    // A few at a time: the worker renders each target.
    for (let i = 0; i < unique.length; i += 6) {
      const batch = unique.slice(i, i + 6);
      const problems = await Promise.all(batch.map((target) => problemOf(target, who, locale)));
      problems.forEach((problem, j) => {
        if (problem)
          failures.push(`${url.pathname}${url.search} → ${batch[j]!.pathname}${batch[j]!.search}: ${problem}`);
      });
    }
  }
  return failures;
}

describe.each(["en", "ru", "sr"] as Locale[])("links and forms in %s", (locale) => {
  it.each(["visitor", "user"] as Who[])(
    "lead somewhere real for a %s",
    async (who) => {
      expect(await deadEnds(who, locale)).toEqual([]);
    },
    120_000,
  );
});

describe("the link finder", () => {
  it("finds links and form actions, leaving out other sites, anchors and mail", () => {
    const html = `<a href="/buy/apartment/?page=2&amp;x=1">x</a><a class="y" href="https://example.com/">e</a>
      <a href="#main">skip</a><a href="mailto:a@b.rs">m</a><form method="post" action="/ru/auth/"></form><a href="tel:+381">t</a>`;
    expect(targetsOf(html, new URL(`${ORIGIN}/ru/`)).map((u) => u.pathname + u.search)).toEqual([
      "/buy/apartment/?page=2&x=1",
      "/ru/auth/",
    ]);
  });
});
