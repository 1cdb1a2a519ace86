import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { BOT_UA, BROWSER_UA, browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";

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
    expect(html.match(/<details/g)).toHaveLength(total);
    expect(html.match(/<summary>/g)).toHaveLength(total);
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
  const TOKEN = "pageToken900101_abcdefghijklmnopqrstuvwx";
  const EMAIL = "milan.pages@example.rs";

  beforeEach(async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM email_subscriptions WHERE email = ?").bind(EMAIL),
      env.DB.prepare(
        `INSERT INTO email_subscriptions (email, list, token, subscribed, updated_at) VALUES
           (?1, 'saved_searches', ?2, 1, ?3), (?1, 'news', ?2, 1, ?3), (?1, 'listing_tips', ?2, 0, ?3)`,
      ).bind(EMAIL, TOKEN, now),
    ]);
  });
  const states = async () =>
    Object.fromEntries(
      (
        await env.DB.prepare("SELECT list, subscribed FROM email_subscriptions WHERE email = ?")
          .bind(EMAIL)
          .all<{ list: string; subscribed: number }>()
      ).results.map((r) => [r.list, r.subscribed]),
    );

  it("without a token explains where the link is; with a bad one says it does not work", async () => {
    const missing = await page("/unsubscribe/");
    expect(missing.status).toBe(200);
    expect(robots(missing.html)).toBe("noindex, nofollow");
    expect(missing.html).toContain("Open the link from your e-mail");
    for (const token of ["short", "unknownToken900999_abcdefghijklmnopqrstuv", "x".repeat(300)]) {
      const bad = await page(`/unsubscribe/?token=${token}`);
      expect(bad.status, token).toBe(404);
      expect(bad.html).toContain("This link does not work");
      expect(heading(bad.html)).toBe("Unsubscribe");
    }
  });

  it("shows the masked address and each list", async () => {
    const { status, html } = await page(`/sr/unsubscribe/?token=${TOKEN}`);
    expect(status).toBe(200);
    expect(html).toContain("m***@example.rs");
    expect(html).not.toContain(EMAIL);
    expect(html).toContain("Novi oglasi za sačuvane pretrage");
    expect(html.match(/name="list" value="[a-z_]+"/g)).toEqual([
      'name="list" value="saved_searches"',
      'name="list" value="news"',
    ]);
    expect(html).toContain("Niste pretplaćeni");
  });

  it("leaves one list with a form post", async () => {
    const res = await post(`/unsubscribe/?token=${TOKEN}`, { token: TOKEN, list: "news" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Done: you have unsubscribed from “Kvadrat news”.");
    expect(await states()).toEqual({ saved_searches: 1, news: 0, listing_tips: 0 });
    expect(html.match(/name="list" value="[a-z_]+"/g)).toEqual(['name="list" value="saved_searches"']);
  });

  it("leaves every list at once", async () => {
    const res = await post(`/ru/unsubscribe/?token=${TOKEN}`, { token: TOKEN, intent: "all" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Готово: мы больше не будем присылать вам письма.");
    expect(html).toContain("Вы не получаете от нас писем.");
    expect(await states()).toEqual({ saved_searches: 0, news: 0, listing_tips: 0 });
  });

  it("refuses posts with a bad token or list without an error screen", async () => {
    const unknown = await post("/unsubscribe/", { token: "unknownToken900999_abcdefghijklmnopqrstuv", list: "news" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Open the link from your e-mail");
    const badList = await post(`/unsubscribe/?token=${TOKEN}`, { token: TOKEN, list: "everything" });
    expect(badList.status).toBe(400);
    await badList.arrayBuffer();
    expect(await states()).toEqual({ saved_searches: 1, news: 1, listing_tips: 0 });
  });
});
