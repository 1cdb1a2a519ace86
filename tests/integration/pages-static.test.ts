import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "#shared/constants.ts";
import { BOT_UA, BROWSER_UA, browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";
import { type UnsubscribeScope, unsubscribeToken } from "#worker/auth/unsubscribe-token.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));
const page = async (path: string) => {
  const res = await get(path, { "user-agent": BOT_UA });
  return { status: res.status, html: await res.text() };
};
/** A form post as a browser without JavaScript makes it. */
const post = (path: string, fields: Record<string, string>) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER_UA, origin: ORIGIN },
    body: new URLSearchParams(fields),
  });
const h2s = (html: string) =>
  [...html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];

describe("static pages", () => {
  const PAGES: [string, Record<string, string>, string[]][] = [
    [
      "/about/",
      { en: "About Kvadrat", ru: "О Kvadrat", sr: "O Kvadratu" },
      ["Honest listings", "How moderation works", "Contacts"],
    ],
    ["/privacy-policy/", {}, ["What data we collect", "How long we keep it", "Your rights", "Cookies"]],
    ["/user-agreement/", {}, ["Accounts", "Listings", "Paid services"]],
    ["/moderation-advice/", {}, ["Price", "Photos", "Description"]],
    ["/ad_creation_policy/", {}, ["A listing must contain", "A listing must not contain"]],
    [
      "/safety/",
      {},
      ["No money before a viewing and a contract", "Check who owns the property", "Report what looks wrong"],
    ],
  ];

  it.each(PAGES)("%s has its sections in English and real text in Russian and Serbian", async (path, _, sections) => {
    const en = await page(path);
    expect(en.status).toBe(200);
    expect(robots(en.html)).toBeUndefined();
    const headings = h2s(en.html);
    for (const section of sections) expect(headings).toContain(section);
    for (const locale of ["ru", "sr"]) {
      const other = await page(`/${locale}${path}`);
      expect(other.status, locale).toBe(200);
      expect(htmlLang(other.html)).toBe(locale);
      const translated = h2s(other.html);
      expect(translated.length).toBe(headings.length);
      for (const section of sections) expect(translated, `${locale} ${section}`).not.toContain(section);
    }
  });

  it("links the contact addresses", async () => {
    const { html } = await page("/about/");
    expect(html).toContain('<a href="mailto:support@kvadrat.rs">support@kvadrat.rs</a>. We answer');
    expect(html).toContain('<a href="mailto:privacy@kvadrat.rs">privacy@kvadrat.rs</a>');
  });

  it("safety: its heading in each language, linked from every page's footer, with the cadastre's address", async () => {
    const headings = {
      en: "How to rent and buy safely",
      ru: "Как безопасно снять и купить жильё",
      sr: "Kako bezbedno iznajmiti i kupiti nekretninu",
    };
    for (const [locale, expected] of Object.entries(headings)) {
      const prefix = locale === "en" ? "" : `/${locale}`;
      const { status, html } = await page(`${prefix}/safety/`);
      expect(status, locale).toBe(200);
      expect(htmlLang(html)).toBe(locale);
      expect(heading(html)).toBe(expected);
      expect(html).toContain('<a href="https://katastar.rgz.gov.rs/eKatastarPublic">');
      const footer = (await page(`${prefix}/about/`)).html.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? "";
      expect(footer, locale).toContain(`href="${prefix}/safety/"`);
    }
  });

  it("privacy policy names the cookies, the Serbian law and the supervisory authority", async () => {
    const { html } = await page("/privacy-policy/");
    for (const text of ["locale", "access_token", "refresh_token", "favourites", "ZZPL", "GDPR", "poverenik.rs"])
      expect(html).toContain(text);
    expect(html).toMatch(/<time|Last updated: /);
    const sr = await page("/sr/privacy-policy/");
    expect(sr.html).toContain("Zakonom o zaštiti podataka o ličnosti");
    expect(sr.html).toContain("Kolačići");
  });

  it("keeps the texts out of the client bundle: they come with the page", async () => {
    const { html } = await page("/privacy-policy/");
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"|import\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2]!);
    const modules = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    for (const src of new Set([...scripts, ...modules])) {
      const res = await SELF.fetch(`${ORIGIN}${src}`);
      const js = await res.text();
      expect(js, src).not.toContain("poverenik.rs");
    }
  });

  it("thank-you is personal: noindex, and confirms a sent question", async () => {
    const { status, html } = await page("/thank-you/?sent=question");
    expect(status).toBe(200);
    expect(robots(html)).toBe("noindex, nofollow");
    expect(html).toContain("Your question has been sent.");
    expect((await page("/ru/thank-you/")).html).toContain("Мы получили ваше сообщение");
  });
});

describe("FAQ", () => {
  it("shows every question as <details>, grouped by category, with FAQPage data", async () => {
    const { results } = await env.DB.prepare("SELECT category, COUNT(*) AS n FROM faq GROUP BY category").all<{
      category: string;
      n: number;
    }>();
    const total = results.reduce((sum, r) => sum + r.n, 0);
    const { status, html } = await page("/faq/");
    expect(status).toBe(200);
    // The page's own questions (the header's menu is a <details> too).
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main.match(/<details/g)).toHaveLength(total);
    expect(main.match(/<summary>/g)).toHaveLength(total);
    for (const name of ["Searching", "Listings", "Account", "Payments", "Safety"]) expect(h2s(html)).toContain(name);
    const faq = jsonLd(html).find((o) => o["@type"] === "FAQPage") as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity).toHaveLength(total);
    expect(faq.mainEntity[0]!.acceptedAnswer.text.length).toBeGreaterThan(10);
    expect(/<form[^>]*action="\/faq\/"/.test(html)).toBe(true);
    const sr = await page("/sr/faq/");
    expect(h2s(sr.html)).toContain("Bezbednost");
    expect(/<form[^>]*action="\/sr\/faq\/"/.test(sr.html)).toBe(true);
  });
});

describe("question form", () => {
  const VALID = {
    name: "Ana Petrović",
    email: "ana.form@example.rs",
    question: "Can I list a flat that I rent out myself?",
  };

  it("stores a valid question and sends the visitor to the thank-you page of their language", async () => {
    for (const [path, target] of [
      ["/about/", "/thank-you/?sent=question"],
      ["/sr/faq/", "/sr/thank-you/?sent=question"],
    ] as const) {
      const question = `${VALID.question} (${path})`;
      const res = await post(path, { ...VALID, question });
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location")).toBe(target);
      const row = await env.DB.prepare("SELECT name, email, locale FROM feedback_questions WHERE question = ?")
        .bind(question)
        .first();
      expect(row).toEqual({ name: VALID.name, email: VALID.email, locale: path.startsWith("/sr/") ? "sr" : "en" });
    }
  });

  it("answers an invalid question with localized errors next to the fields and keeps what was typed", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM feedback_questions").first<{ n: number }>();
    const res = await post("/ru/about/", { name: "   ", email: "not-an-address", question: "short" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(heading(html)).toBe("О Kvadrat");
    expect(html).toContain('id="feedback-name-error"');
    expect(html).toContain("Заполните это поле.");
    expect(html).toContain("Введите адрес почты в виде name@example.com.");
    expect(html).toContain("Напишите не меньше 10 символов.");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*aria-describedby="feedback-email-error"|<input[^>]*aria-describedby="feedback-email-error"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain('value="not-an-address"');
    expect(html).toMatch(/<textarea[^>]*>short<\/textarea>/);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM feedback_questions").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("treats missing fields as empty ones", async () => {
    const res = await post("/faq/", { name: "Ana" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html.match(/Fill in this field\./g)).toHaveLength(2);
  });
});

describe("/unsubscribe/", () => {
  /** The page's text without its scripts (the page's messages travel in them). */
  const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
  let userId: number;
  let email: string;
  let searchId: number;
  const token = (scope: UnsubscribeScope, now = Date.now()) => unsubscribeToken(env, userId, scope, now);

  beforeEach(async () => {
    email = `milan.pages-${Math.floor(Math.random() * 1e9)}@example.rs`;
    const user = await env.DB.prepare(
      "INSERT INTO users (name, email, role, created_at, email_verified_at) VALUES ('Milan', ?, 'user', 0, 0) RETURNING id",
    )
      .bind(email)
      .first<{ id: number }>();
    userId = user!.id;
    const now = Date.now();
    const search = await env.DB.prepare(
      `INSERT INTO saved_searches (user_id, name, query, notify, frequency, created_at, updated_at, opened_at)
       VALUES (?, NULL, 'deal=sale&type=4&city=beograd&rooms=2', 1, 'daily', ?, ?, ?) RETURNING id`,
    )
      .bind(userId, now, now, now)
      .first<{ id: number }>();
    searchId = search!.id;
  });
  const states = async () =>
    Object.fromEntries(
      (
        await env.DB.prepare("SELECT list, subscribed FROM email_subscriptions WHERE email = ?")
          .bind(email)
          .all<{ list: string; subscribed: number }>()
      ).results.map((r) => [r.list, r.subscribed]),
    );
  const notify = async () =>
    (await env.DB.prepare("SELECT notify FROM saved_searches WHERE id = ?").bind(searchId).first<{ notify: number }>())!
      .notify;

  it("without a token explains where the link is; a forged one and an expired one say which", async () => {
    const missing = await page("/unsubscribe/");
    expect(missing.status).toBe(200);
    expect(robots(missing.html)).toBe("noindex, nofollow");
    expect(shown(missing.html)).toContain("Open the link from your e-mail");
    const genuine = await token({ kind: "list", list: "messages" });
    for (const bad of ["short", "x".repeat(300), `${genuine.slice(0, -1)}${genuine.endsWith("A") ? "B" : "A"}`]) {
      const forged = await page(`/unsubscribe/?token=${bad}`);
      expect(forged.status, bad).toBe(403);
      expect(h2s(forged.html)).toEqual(["This link does not work"]);
      expect(heading(forged.html)).toBe("Unsubscribe");
    }
    const old = await token({ kind: "list", list: "messages" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1);
    const expired = await page(`/ru/unsubscribe/?token=${old}`);
    expect(expired.status).toBe(410);
    expect(h2s(expired.html)).toEqual(["Срок действия ссылки истёк"]);
    expect(expired.html).not.toContain('name="intent"');
    expect(await states()).toEqual({});
  });

  it("shows what a list's link stops, with both choices, in Serbian", async () => {
    const { status, html } = await page(`/sr/unsubscribe/?token=${await token({ kind: "list", list: "messages" })}`);
    expect(status).toBe(200);
    expect(shown(html)).toContain("m***@example.rs");
    expect(html).not.toContain(email);
    expect(h2s(html)).toEqual(["Ovaj link prekida", "Prekinite sve e-poruke"]);
    expect(shown(html)).toContain("e-poruke o porukama");
    expect(html.match(/name="intent" value="[a-z]+"/g)).toEqual([
      'name="intent" value="one"',
      'name="intent" value="all"',
    ]);
  });

  it("names the saved search a link is for", async () => {
    const { html } = await page(`/unsubscribe/?token=${await token({ kind: "saved_search", id: searchId })}`);
    expect(shown(html)).toContain("alerts for the saved search “Apartments for sale, Belgrade, 2 rooms”");
  });

  it("stops what the link is for with a form post, says so, and links to the cabinet's alerts", async () => {
    const link = await token({ kind: "saved_search", id: searchId });
    const res = await post(`/unsubscribe/?token=${link}`, { token: link, intent: "one" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(shown(html)).toContain(
      "Done: you will no longer receive alerts for the saved search “Apartments for sale, Belgrade, 2 rooms”.",
    );
    expect(shown(html)).toContain('href="/cabinet/saved-searches/"');
    expect(shown(html)).toContain("Stopped: you no longer receive these.");
    expect(await notify()).toBe(0);
    expect(await states()).toEqual({});
  });

  it("stops every e-mail at once", async () => {
    const link = await token({ kind: "list", list: "messages" });
    const res = await post(`/ru/unsubscribe/?token=${link}`, { token: link, intent: "all" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(shown(html)).toContain(
      "Готово: мы больше не будем присылать вам письма, кроме кодов безопасности вашего аккаунта.",
    );
    expect(shown(html)).toContain("Вы не получаете от нас писем, кроме кодов безопасности вашего аккаунта.");
    expect(shown(html)).not.toContain('name="intent"');
    expect(await states()).toEqual({
      saved_searches: 0,
      price_drops: 0,
      messages: 0,
      listing_updates: 0,
      news: 0,
      listing_tips: 0,
    });
    expect(await notify()).toBe(0);
  });

  it("refuses posts with a forged or expired token without an error screen, changing nothing", async () => {
    const link = await token({ kind: "list", list: "messages" });
    const forged = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
    const refused = await post(`/unsubscribe/?token=${link}`, { token: forged, intent: "all" });
    expect(refused.status).toBe(403);
    expect(shown(await refused.text())).toContain("The unsubscribe link is incomplete or not one of ours.");
    const old = await token({ kind: "list", list: "messages" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1);
    const late = await post(`/unsubscribe/?token=${link}`, { token: old, intent: "one" });
    expect(late.status).toBe(410);
    expect(shown(await late.text())).toContain("Unsubscribe links work for 60 days");
    const junk = await post("/unsubscribe/", { token: "nope", intent: "one" });
    expect(junk.status).toBe(403);
    await junk.arrayBuffer();
    expect(await states()).toEqual({});
    expect(await notify()).toBe(1);
  });
});
