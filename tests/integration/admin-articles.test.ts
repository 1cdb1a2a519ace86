/**
 * The back office's articles (decision 059): editors and admins only (404 for
 * everyone else), validation naming the field, create and update each with its audit row, language
 * versions (public only in the languages written), the states (a draft is never public, a scheduled
 * article goes live at its time and the Cron Trigger marks it published), the cover through the photo
 * pipeline, and Markdown rendered inert.
 */
import { createScheduledController, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminArticlesResponse, ApiAdminArticle, ArticleInput } from "#shared/api/articles.ts";
import type { ArticleListResponse, ArticleResponse } from "#shared/api/content.ts";
import { scheduled } from "#worker/scheduled.ts";
import { gradientPng } from "#tests/fixtures/photos.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, devSession, errorOf, Jar, ORIGIN, signUpByPhone, uniqueIp, type SignedIn } from "./auth-fixtures.ts";

let editor: SignedIn;
let tag: { id: number; path: string };
let serial = 0;

const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const as = (who: SignedIn, locale = "en") => ({ jar: who.jar, ip: who.ip, headers: { "accept-language": locale } });
const dataOf = async (res: Response) => (await res.json<{ data: ApiAdminArticle }>()).data;
const slug = () => `edited-article-${Date.now().toString(36)}-${++serial}`;

function article(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    tag_id: tag.id,
    slug: slug(),
    status: "published",
    translations: {
      en: { title: "Buying a flat in Novi Sad", lead: "What to check first.", body: "First paragraph.\n\nSecond." },
      ru: { title: "Покупка квартиры в Нови-Саде", lead: "Что проверить сначала.", body: "Первый абзац." },
      sr: { title: "Kupovina stana u Novom Sadu", lead: "Šta prvo proveriti.", body: "Prvi pasus." },
    },
    ...overrides,
  };
}

const create = (body: unknown, who = editor) => call("/api/admin/articles", { body, ...as(who) });
const publicArticle = (slugOrId: string | number, locale = "en") =>
  call(`/api/article/${slugOrId}`, { headers: { "accept-language": locale } });
const auditOf = (id: number) =>
  env.DB.prepare(
    "SELECT action, actor_id, before, after FROM audit_log WHERE target_kind = 'article' AND target_id = ? ORDER BY id",
  )
    .bind(String(id))
    .all<{ action: string; actor_id: number; before: string | null; after: string | null }>();

beforeAll(async () => {
  editor = await signUpByPhone({ name: "Edita Editor" });
  await grant(editor.user.id, "editor");
  const row = await env.DB.prepare("SELECT id, slug FROM tags WHERE parent_id IS NULL ORDER BY id LIMIT 1").first<{
    id: number;
    slug: string;
  }>();
  tag = { id: row!.id, path: `/media/${row!.slug}/` };
});

describe("who may use it", () => {
  it("is a 404 for guests, users and moderators on every path; editors and admins get it", async () => {
    const user = await signUpByPhone();
    const moderator = await signUpByPhone();
    await grant(moderator.user.id, "moderator");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/articles"],
      ["POST", "/api/admin/articles", article()],
      ["GET", "/api/admin/articles/1"],
      ["PUT", "/api/admin/articles/1", article()],
      ["GET", "/api/admin/articles/1/preview"],
      ["DELETE", "/api/admin/articles/1/cover"],
    ];
    for (const jar of [new Jar(), user.jar, moderator.jar]) {
      for (const [method, path, body] of calls) {
        const res = await call(path, { method, body, jar, ip: uniqueIp() });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await errorOf(res)).code).toBe("not_found");
      }
    }
    expect((await call("/api/admin/articles", as(editor))).status).toBe(200);
    const admin = await devSession("admin");
    expect((await call("/api/admin/articles", { headers: { cookie: admin }, ip: uniqueIp() })).status).toBe(200);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE slug LIKE 'edited-article-%'").first(),
    ).toMatchObject({ n: 0 });
  });
});

describe("validation", () => {
  it("answers 400 naming the field, and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM articles").first<{ n: number }>();
    const cases: [unknown, string][] = [
      [{ ...article(), slug: "Not A Slug" }, "slug"],
      [{ ...article(), slug: "12345" }, "slug"],
      [{ ...article(), tag_id: "x" }, "tag_id"],
      [{ ...article(), tag_id: 99_999_999 }, "tag_id"],
      [{ ...article(), status: "live" }, "status"],
      [{ ...article(), status: "scheduled" }, "publish_at"],
      [{ ...article(), status: "scheduled", publish_at: "tomorrow" }, "publish_at"],
      [{ ...article(), status: "scheduled", publish_at: "2001-01-01T00:00:00Z" }, "publish_at"],
      [{ ...article(), translations: {} }, "translations"],
      [{ ...article(), translations: { en: { title: "T", lead: "L" } } }, "translations.en.body"],
      [
        { ...article(), translations: { ru: { title: "x".repeat(201), lead: "L", body: "B" } } },
        "translations.ru.title",
      ],
      [{ ...article(), author: "" }, "author"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, field).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), field).toContain(field);
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM articles").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("refuses a slug another article has (409) and one that is a sub-tag's address", async () => {
    const first = article();
    expect((await create(first)).status).toBe(201);
    const again = await create({ ...article(), slug: first.slug });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields).toEqual({ slug: "adminArticles.error.slugTaken" });
    const child = await env.DB.prepare("SELECT slug FROM tags WHERE parent_id = ? LIMIT 1")
      .bind(tag.id)
      .first<{ slug: string }>();
    if (child) {
      const res = await create({ ...article(), slug: child.slug });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ slug: "adminArticles.error.slugIsTag" });
    }
  });
});

describe("writing", () => {
  it("creates (201, its path) with its audit row, and the article shows on the public list", async () => {
    const body = article({ author: "Ana Ilić" });
    const res = await create(body);
    expect(res.status).toBe(201);
    const created = await dataOf(res);
    expect(created).toMatchObject({
      path: `${tag.path}${body.slug}/`,
      status: "published",
      live: true,
      author: "Ana Ilić",
      languages: ["en", "ru", "sr"],
      updated_by: { id: editor.user.id, name: "Edita Editor" },
      image: `/images/articles/${created.id}.svg`,
      has_cover: false,
    });
    expect(created.translations.ru?.title).toBe("Покупка квартиры в Нови-Саде");
    const audit = (await auditOf(created.id)).results;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "article.create", actor_id: editor.user.id });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      slug: body.slug,
      status: "published",
      title_en: body.translations.en!.title,
    });

    const list = await (await call("/api/article?per_page=50")).json<ArticleListResponse>();
    expect(list.items.map((item) => item.id)).toContain(created.id);
    const page = await publicArticle(body.slug);
    expect(page.status).toBe(200);
    expect((await page.json<ArticleResponse>()).data.body_html).toBe("<p>First paragraph.</p>\n<p>Second.</p>\n");
    // The drawn picture is there for a new article too.
    expect((await SELF.fetch(`${ORIGIN}/images/articles/${created.id}.svg`)).status).toBe(200);

    const found = await (
      await call(`/api/admin/articles?q=${encodeURIComponent("Novi Sad")}&state=published`, as(editor))
    ).json<AdminArticlesResponse>();
    expect(found.items.map((item) => item.id)).toContain(created.id);
    const drafts = await (await call("/api/admin/articles?state=draft", as(editor))).json<AdminArticlesResponse>();
    expect(drafts.items.map((item) => item.id)).not.toContain(created.id);
  });

  it("updates with an audit row of what changed; a draft leaves the public pages; a language left out is not public in it", async () => {
    const body = article();
    const { id } = await dataOf(await create(body));
    const draft = { ...body, status: "draft" as const, translations: { sr: body.translations.sr! } };
    const res = await call(`/api/admin/articles/${id}`, { method: "PUT", body: draft, ...as(editor) });
    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({ status: "draft", live: false, languages: ["sr"] });
    expect((await publicArticle(body.slug, "sr")).status).toBe(404);
    expect((await publicArticle(id, "sr")).status).toBe(404);

    const back = { ...draft, status: "published" as const };
    expect((await call(`/api/admin/articles/${id}`, { method: "PUT", body: back, ...as(editor) })).status).toBe(200);
    expect((await publicArticle(body.slug, "sr")).status).toBe(200);
    const english = await publicArticle(body.slug, "en");
    expect(english.status).toBe(404);
    const list = await (
      await call("/api/article?per_page=50", { headers: { "accept-language": "en" } })
    ).json<ArticleListResponse>();
    expect(list.items.map((item) => item.id)).not.toContain(id);
    const serbian = await (await publicArticle(body.slug, "sr")).json<ArticleResponse>();
    expect(serbian.data.languages).toEqual(["sr"]);
    // Its page names no alternate in a language it lacks.
    const html = await (
      await SELF.fetch(`${ORIGIN}/sr${tag.path}${body.slug}/`, { headers: { "user-agent": BROWSER_UA } })
    ).text();
    expect(html).toContain('<link rel="alternate" hrefLang="sr"');
    expect(html).not.toMatch(/<link rel="alternate" hrefLang="(?:en|ru|x-default)"/);

    const audit = (await auditOf(id)).results;
    expect(audit.map((row) => row.action)).toEqual(["article.create", "article.update", "article.update"]);
    const first = { before: JSON.parse(audit[1]!.before!), after: JSON.parse(audit[1]!.after!) };
    expect(first.before).toMatchObject({ status: "published", title_en: body.translations.en!.title });
    expect(first.after).toMatchObject({ status: "draft", title_en: "" });
    expect(first.after).not.toHaveProperty("title_sr");

    // The preview shows it whatever its state, in a language it has.
    const preview = await call(`/api/admin/articles/${id}/preview`, as(editor, "sr"));
    expect(preview.status).toBe(200);
    const missing = await call(`/api/admin/articles/${id}/preview`, as(editor, "en"));
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("no_translation");
  });

  it("renders Markdown inert: no raw HTML, no script links, no images", async () => {
    const evil = [
      "## Heading",
      '<script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">a</a>',
      "[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.com/x)",
      "![pixel](https://tracker.example/p.gif)",
    ].join("\n\n");
    const body = article({ translations: { en: { title: "Markdown", lead: "Lead", body: evil } } });
    expect((await create(body)).status).toBe(201);
    const html = (await (await publicArticle(body.slug)).json<ArticleResponse>()).data.body_html;
    expect(html).toContain("<h2>Heading</h2>");
    // Tags are only the Markdown's own; the raw HTML is text (its `<` escaped).
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:|href="data:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://example.com/x" rel="nofollow noopener noreferrer">ok</a>');
  });
});

describe("scheduling", () => {
  it("keeps a scheduled article off the site until its time; the Cron Trigger then marks it published", async () => {
    const now = Date.now();
    const at = new Date(now + 60 * 60 * 1000);
    const body = article({ status: "scheduled", publish_at: at.toISOString() });
    const res = await create(body);
    expect(res.status).toBe(201);
    const { id, status, live, publish_at } = await dataOf(res);
    expect({ status, live, publish_at }).toEqual({ status: "scheduled", live: false, publish_at: at.toISOString() });
    expect((await publicArticle(body.slug)).status).toBe(404);

    await scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env);
    expect(await env.DB.prepare("SELECT status FROM articles WHERE id = ?").bind(id).first()).toEqual({
      status: "scheduled",
    });
    await scheduled(createScheduledController({ scheduledTime: at.getTime() + 1000, cron: "*/5 * * * *" }), env);
    expect(
      await env.DB.prepare("SELECT status, publish_at, published_at FROM articles WHERE id = ?").bind(id).first(),
    ).toEqual({ status: "published", publish_at: null, published_at: at.getTime() });
    const shown = await publicArticle(body.slug);
    expect(shown.status).toBe(200);
    expect((await shown.json<ArticleResponse>()).data.published_at).toBe(at.toISOString());
  });
});

describe("the cover", () => {
  it("goes through the photo pipeline into R2 in the article's frame, and is removed with its files", async () => {
    const { id } = await dataOf(await create(article()));
    const form = new FormData();
    form.set("image", new File([await gradientPng(1600, 1200)], "cover.png", { type: "image/png" }));
    const upload = (data: FormData) =>
      SELF.fetch(`${ORIGIN}/api/admin/articles/${id}/cover`, {
        method: "POST",
        body: data,
        headers: { cookie: editor.jar.header(), "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
      });
    const res = await upload(form);
    expect(res.status).toBe(200);
    const withCover = await dataOf(res);
    expect(withCover.has_cover).toBe(true);
    expect(withCover.image).toMatch(/^\/photos\/[0-9a-f]{32}-1200\.webp$/);
    expect(withCover.image_srcset).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w$/);
    const served = await SELF.fetch(`${ORIGIN}${withCover.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    await served.arrayBuffer();
    const key = withCover.image.slice("/photos/".length, -"-1200.webp".length);
    expect((await env.PHOTOS.list({ prefix: `photos/${key}` })).objects).toHaveLength(3);

    const junk = new FormData();
    junk.set("image", new File([new TextEncoder().encode("not a picture")], "x.png", { type: "image/png" }));
    const refused = await upload(junk);
    expect(refused.status).toBe(415);
    expect(Object.keys((await errorOf(refused)).fields ?? {})).toEqual(["image"]);

    const removed = await call(`/api/admin/articles/${id}/cover`, { method: "DELETE", ...as(editor) });
    expect(removed.status).toBe(200);
    expect(await dataOf(removed)).toMatchObject({ has_cover: false, image: `/images/articles/${id}.svg` });
    expect((await env.PHOTOS.list({ prefix: `photos/${key}` })).objects).toHaveLength(0);
    expect((await auditOf(id)).results.map((row) => row.action)).toEqual([
      "article.create",
      "article.cover",
      "article.cover_remove",
    ]);
  });
});

describe("the back office's pages", () => {
  const page = (path: string, init: RequestInit = {}, who = editor) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      redirect: "manual",
      ...init,
      headers: { "user-agent": BROWSER_UA, cookie: who.jar.header(), ...(init.headers as Record<string, string>) },
    });
  const post = (path: string, fields: Record<string, string>) =>
    page(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    });

  it("are a 404 for anyone but editors and admins, and never indexed", async () => {
    const user = await signUpByPhone();
    for (const path of ["/admin/content/", "/admin/content/articles/new/", "/ru/admin/content/articles/1/preview/"]) {
      expect((await page(path, {}, user)).status, path).toBe(404);
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<meta name="robots" content="noindex');
    }
    const list = await (await page("/admin/content/")).text();
    for (const sub of ["/admin/content/articles/new/", "/admin/content/tags/", "/admin/content/faq/"]) {
      expect(list).toContain(`href="${sub}"`);
    }
  });

  it("writes an article by plain form posts: errors at their fields, kept input, then the preview", async () => {
    const form = {
      tag_id: String(tag.id),
      slug: slug(),
      status: "published",
      publish_at: "",
      author: "",
      "en.title": "Form article",
      "en.lead": "Written without JavaScript.",
      "en.body": "Some **bold** text.\n\n<script>alert(1)</script>",
      "ru.title": "Статья из формы",
      "ru.lead": "",
      "ru.body": "",
      "sr.title": "",
      "sr.lead": "",
      "sr.body": "",
    };
    const refused = await post("/ru/admin/content/articles/new/", form);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The Russian version lacks its lead: said next to that field, in the page's language, input kept.
    expect(html).toMatch(/id="article-ru-lead"[^>]*aria-invalid="true"/);
    expect(html).toContain('id="article-ru-lead-error"');
    expect(html).toContain("Заполните это поле");
    expect(html).toContain("Статья из формы");

    const scheduledWithoutTime = await post("/admin/content/articles/new/", { ...form, status: "scheduled" });
    expect(scheduledWithoutTime.status).toBe(400);
    expect(await scheduledWithoutTime.text()).toContain('id="article-publish_at-error"');

    const created = await post("/admin/content/articles/new/", { ...form, "ru.title": "" });
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/content\/articles\/\d+\/\?done=created$/);
    const id = Number(/articles\/(\d+)/.exec(location)![1]);
    expect(await (await page(location)).text()).toContain("The article is created.");
    expect(await env.DB.prepare("SELECT updated_by, title_ru FROM articles WHERE id = ?").bind(id).first()).toEqual({
      updated_by: editor.user.id,
      title_ru: "",
    });

    const preview = await (await page(`/admin/content/articles/${id}/preview/`)).text();
    expect(preview).toContain("Some <strong>bold</strong> text.");
    expect(preview).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const missing = await (await page(`/ru/admin/content/articles/${id}/preview/`)).text();
    // No Russian version: the page says so and links to the English one.
    expect(missing).toContain("У статьи нет версии на этом языке");
    expect(missing).toContain(`href="/admin/content/articles/${id}/preview/"`);
  });
});
