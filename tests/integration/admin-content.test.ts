/**
 * The back office's content reference data and dashboard (decision 060): editors and admins
 * only (404 for everyone else), bodies validated field by field, every write with its audit row, the
 * public FAQ showing an edit, the tag tree's depth, slug and deletion rules, the dashboard's day counts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiAdminFaq, ApiAdminTag, ApiAdminTooltip } from "#shared/api/admin-content.ts";
import type { ApiDashboard } from "#shared/api/admin-dashboard.ts";
import { siteMidnight } from "#worker/db/admin-dashboard.ts";
import { insertConversation } from "./live-fixtures.ts";
import {
  call,
  devSession,
  errorOf,
  formPost,
  Jar,
  ORIGIN,
  signUpByPhone,
  uniqueIp,
  uniquePhone,
} from "./auth-fixtures.ts";

let admin: string;
let editor: Jar;
let moderator: Jar;
let user: Jar;

const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const asEditor = (path: string, body?: unknown, method?: string) =>
  call(path, { body, method, jar: editor, ip: uniqueIp() });
const audits = (action: string, target: string) =>
  env.DB.prepare("SELECT * FROM audit_log WHERE action = ? AND target_id = ? ORDER BY id")
    .bind(action, target)
    .all<{ actor_id: number; before: string | null; after: string | null }>()
    .then((r) => r.results);

const FAQ_TEXTS = {
  question_en: "Can I edit a listing after it is published?",
  question_ru: "Можно ли изменить объявление после публикации?",
  question_sr: "Mogu li da izmenim oglas posle objave?",
  answer_en: "Yes: changes wait for a moderator, the published text stays meanwhile.",
  answer_ru: "Да: изменения ждут модератора, а опубликованный текст остаётся.",
  answer_sr: "Da: izmene čekaju moderatora, a objavljeni tekst ostaje.",
};
const names = (en: string) => ({ name_en: en, name_ru: `${en} (ru)`, name_sr: `${en} (sr)` });

beforeAll(async () => {
  admin = await devSession("admin");
  const e = await signUpByPhone({ name: "Edit Erna" });
  await grant(e.user.id, "editor");
  editor = e.jar;
  const m = await signUpByPhone({ name: "Mod Mirko" });
  await grant(m.user.id, "moderator");
  moderator = m.jar;
  user = (await signUpByPhone()).jar;
});

describe("who may use it", () => {
  it("is a 404 for guests, users and moderators on every content path; the dashboard for any staff", async () => {
    const paths: [string, unknown?, string?][] = [
      ["/api/admin/tags"],
      ["/api/admin/tags", { parent_id: null, slug: "x", ...names("X") }],
      ["/api/admin/tags/1", { slug: "market", ...names("Market") }, "PUT"],
      ["/api/admin/tags/1", undefined, "DELETE"],
      ["/api/admin/faq"],
      ["/api/admin/faq/1", undefined, "DELETE"],
      ["/api/admin/faq/1/move", { direction: "up" }],
      ["/api/admin/advantages"],
      ["/api/admin/advantages/1", undefined, "DELETE"],
      ["/api/admin/tooltips"],
      ["/api/admin/tooltips/price_m2", { text_en: "a", text_ru: "б", text_sr: "c" }, "PUT"],
    ];
    for (const jar of [new Jar(), user, moderator]) {
      for (const [path, body, method] of paths) {
        const res = await call(path, { body, method, jar, ip: uniqueIp() });
        expect(res.status, `${method ?? ""} ${path}`).toBe(404);
        expect((await errorOf(res)).code).toBe("not_found");
      }
    }
    expect((await call("/api/admin/dashboard", { jar: new Jar() })).status).toBe(404);
    expect((await call("/api/admin/dashboard", { jar: user })).status).toBe(404);
    expect((await call("/api/admin/dashboard", { jar: moderator })).status).toBe(200);
    // Nothing was deleted by the refused calls.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM faq WHERE id = 1").first("n")).toBe(1);
    expect((await call("/api/admin/faq", { headers: { cookie: admin } })).status).toBe(200);
  });
});

describe("FAQ", () => {
  it("an editor's edit is on the public FAQ, with its audit row; bad fields are named", async () => {
    const list = await (await asEditor("/api/admin/faq")).json<{ items: ApiAdminFaq[] }>();
    const first = list.items[0]!;
    const bad = await asEditor(
      `/api/admin/faq/${first.id}`,
      { ...FAQ_TEXTS, category: "weather", answer_ru: " " },
      "PUT",
    );
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.fields).toMatchObject({ category: "validation.choice", answer_ru: "validation.required" });
    const tooLong = await asEditor(
      `/api/admin/faq/${first.id}`,
      { ...FAQ_TEXTS, category: "search", question_sr: "x".repeat(301) },
      "PUT",
    );
    expect((await errorOf(tooLong)).fields).toEqual({ question_sr: "validation.tooLong" });

    const res = await asEditor(`/api/admin/faq/${first.id}`, { ...FAQ_TEXTS, category: "listings" }, "PUT");
    expect(res.status).toBe(200);
    const publicFaq = await (
      await call("/api/faq", { headers: { "accept-language": "sr" } })
    ).json<{
      items: { id: number; question: string; category: string }[];
    }>();
    expect(publicFaq.items.find((f) => f.id === first.id)).toMatchObject({
      question: FAQ_TEXTS.question_sr,
      category: "listings",
    });
    const [audit] = await audits("faq.update", String(first.id));
    expect(JSON.parse(audit!.before!)).toMatchObject({ question_en: first.question_en });
    expect(JSON.parse(audit!.after!)).toMatchObject({ question_en: FAQ_TEXTS.question_en, category: "listings" });
  });

  it("adds last, moves up and down, deletes", async () => {
    const created = await asEditor("/api/admin/faq", { ...FAQ_TEXTS, category: "account" });
    expect(created.status).toBe(201);
    const { data } = await created.json<{ data: ApiAdminFaq }>();
    const ids = async () =>
      (await (await asEditor("/api/admin/faq")).json<{ items: ApiAdminFaq[] }>()).items.map((f) => f.id);
    const before = await ids();
    expect(before.at(-1)).toBe(data.id);
    expect((await asEditor(`/api/admin/faq/${data.id}/move`, { direction: "down" })).status).toBe(409);
    expect((await asEditor(`/api/admin/faq/${data.id}/move`, { direction: "sideways" })).status).toBe(400);
    expect((await asEditor(`/api/admin/faq/${data.id}/move`, { direction: "up" })).status).toBe(200);
    const after = await ids();
    expect(after.at(-2)).toBe(data.id);
    expect(after.at(-1)).toBe(before.at(-2));
    expect(await audits("faq.move", String(data.id))).toHaveLength(1);
    expect((await asEditor(`/api/admin/faq/${data.id}`, undefined, "DELETE")).status).toBe(200);
    expect((await asEditor(`/api/admin/faq/${data.id}`, undefined, "DELETE")).status).toBe(404);
    expect(await ids()).not.toContain(data.id);
    expect(await audits("faq.delete", String(data.id))).toHaveLength(1);
  });
});

describe("advantages and tooltips", () => {
  it("edits an advantage with an icon of the set only, and a tooltip's texts", async () => {
    const body = {
      icon: "map",
      title_en: "Every town",
      title_ru: "Каждый город",
      title_sr: "Svaki grad",
      text_en: "From Subotica to Vranje.",
      text_ru: "От Суботицы до Вранья.",
      text_sr: "Od Subotice do Vranja.",
    };
    const bad = await asEditor("/api/admin/advantages/1", { ...body, icon: "<svg>" }, "PUT");
    expect((await errorOf(bad)).fields).toEqual({ icon: "validation.choice" });
    expect((await asEditor("/api/admin/advantages/1", body, "PUT")).status).toBe(200);
    const home = await (
      await call("/api/advantage", { headers: { "accept-language": "ru" } })
    ).json<{
      items: { id: number; title: string; icon: string }[];
    }>();
    expect(home.items.find((a) => a.id === 1)).toMatchObject({ title: "Каждый город", icon: "map" });

    const texts = { text_en: "Price per m².", text_ru: "Цена за м².", text_sr: "Cena po m²." };
    expect((await asEditor("/api/admin/tooltips/no_such_key", texts, "PUT")).status).toBe(404);
    const res = await asEditor("/api/admin/tooltips/price_m2", texts, "PUT");
    expect(res.status).toBe(200);
    expect((await res.json<{ data: ApiAdminTooltip }>()).data).toEqual({ key: "price_m2", ...texts });
    const shown = await (
      await call("/api/tooltip/price_m2", { headers: { "accept-language": "sr" } })
    ).json<{
      data: { text: string };
    }>();
    expect(shown.data.text).toBe("Cena po m².");
    expect(await audits("tooltip.update", "price_m2")).toHaveLength(1);
  });
});

describe("the tag tree", () => {
  const tags = async () => (await (await asEditor("/api/admin/tags")).json<{ items: ApiAdminTag[] }>()).items;

  it("adds under a parent up to four levels, refuses a fifth and a sibling's slug", async () => {
    const all = await tags();
    const deepest = all.find((t) => t.depth === 4)!;
    const fifth = await asEditor("/api/admin/tags", { parent_id: deepest.id, slug: "fifth", ...names("Fifth") });
    expect(fifth.status).toBe(422);
    expect((await errorOf(fifth)).fields).toEqual({ parent_id: "adminTexts.error.tooDeep" });
    const orphan = await asEditor("/api/admin/tags", { parent_id: 999_999, slug: "orphan", ...names("Orphan") });
    expect((await errorOf(orphan)).fields).toEqual({ parent_id: "adminTexts.error.noParent" });
    const badSlug = await asEditor("/api/admin/tags", { parent_id: null, slug: "Not a slug", ...names("X") });
    expect((await errorOf(badSlug)).fields).toEqual({ slug: "validation.format" });

    const market = all.find((t) => t.slug === "market" && t.depth === 1)!;
    const taken = await asEditor("/api/admin/tags", { parent_id: market.id, slug: "prices", ...names("Prices") });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields).toEqual({ slug: "adminTexts.error.slugTaken" });

    const res = await asEditor("/api/admin/tags", { parent_id: market.id, slug: "auctions", ...names("Auctions") });
    expect(res.status).toBe(201);
    const { data } = await res.json<{ data: ApiAdminTag }>();
    expect(data).toMatchObject({ depth: 2, path: ["market", "auctions"], articles: 0, children: 0 });
    const publicTags = await (await call("/api/tag?parent=market")).json<{ items: { path: string[] }[] }>();
    expect(publicTags.items.map((t) => t.path.join("/"))).toContain("market/auctions");
    expect(await audits("tag.create", String(data.id))).toHaveLength(1);

    // An empty tag's slug may change; a renamed tag keeps its id.
    const renamed = await asEditor(
      `/api/admin/tags/${data.id}`,
      { slug: "auction-sales", ...names("Auction sales") },
      "PUT",
    );
    expect(renamed.status).toBe(200);
    expect((await renamed.json<{ data: ApiAdminTag }>()).data).toMatchObject({ id: data.id, name_en: "Auction sales" });
    expect((await asEditor(`/api/admin/tags/${data.id}`, undefined, "DELETE")).status).toBe(200);
    expect(await audits("tag.delete", String(data.id))).toHaveLength(1);
  });

  it("keeps the slug of a tag whose articles' URLs hold it, and never deletes a tag with anything below", async () => {
    const all = await tags();
    const filed = all.find((t) => t.articles > 0 && t.children > 0)!;
    const rename = await asEditor(`/api/admin/tags/${filed.id}`, { ...names("Renamed"), slug: filed.slug }, "PUT");
    expect(rename.status).toBe(200);
    const reslug = await asEditor(
      `/api/admin/tags/${filed.id}`,
      { ...names("Renamed"), slug: `${filed.slug}-x` },
      "PUT",
    );
    expect(reslug.status).toBe(409);
    expect(await errorOf(reslug)).toMatchObject({
      code: "slug_in_use",
      fields: { slug: "adminTexts.error.slugInUse" },
    });
    const row = await env.DB.prepare("SELECT slug, name_en FROM tags WHERE id = ?").bind(filed.id).first();
    expect(row).toEqual({ slug: filed.slug, name_en: "Renamed" });
    const del = await asEditor(`/api/admin/tags/${filed.id}`, undefined, "DELETE");
    expect(del.status).toBe(409);
    expect((await errorOf(del)).code).toBe("tag_not_empty");
    expect(await audits("tag.delete", String(filed.id))).toHaveLength(0);
  });
});

describe("the dashboard", () => {
  // A week in 2031, where nothing else in the seeded database lies.
  const NOW = Date.parse("2031-03-30T10:00:00Z");
  const DAY = "2031-03-29"; // the clocks go forward that night: a 23-hour day in Belgrade
  const start = siteMidnight(DAY);

  /** A copy of the table's first row with some columns replaced. */
  async function copyRow(table: string, values: Record<string, unknown>) {
    const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info('${table}') WHERE pk = 0`).all<{
      name: string;
    }>();
    const columns = results.map((r) => r.name);
    const select = columns.map((c) => (c in values ? "?" : c));
    await env.DB.prepare(
      `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${select.join(", ")} FROM ${table} LIMIT 1`,
    )
      .bind(...columns.filter((c) => c in values).map((c) => values[c]))
      .run();
  }

  it("counts each day's rows in the site's time zone, and the payments' sums for admins only", async () => {
    expect(start).toBe(Date.parse("2031-03-28T23:00:00Z"));
    const inDay = [start, start + 3_600_000, siteMidnight("2031-03-30") - 1];
    for (const at of inDay) await copyRow("listings", { created_at: at, submitted_at: null });
    await copyRow("listings", { created_at: start - 1, submitted_at: start + 5 }); // the day before, sent this day
    await copyRow("users", { created_at: start + 10, email: null, phone: uniquePhone() });
    const listingId = (await env.DB.prepare("SELECT max(id) AS id FROM listings").first<number>("id"))!;
    await copyRow("listing_reports", { listing_id: listingId, created_at: start + 20, resolved_at: start + 30 });
    const owner = (await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<number>("id"))!;
    const visitor = (await env.DB.prepare("SELECT max(id) AS id FROM users").first<number>("id"))!;
    const conversation = await insertConversation(visitor, owner, start);
    await env.DB.prepare(
      "INSERT INTO conversation_reports (conversation_id, reporter_id, reason, created_at) VALUES (?, ?, 'spam', ?)",
    )
      .bind(conversation.id, visitor, start + 40)
      .run();
    for (const [i, cents] of [990, 1500].entries()) {
      const intent = `pi_dashboard_${i}`;
      await env.DB.prepare(
        `INSERT INTO payment_intents (id, user_id, product, amount_cents, currency, provider, idempotency_key, created_at, updated_at)
         VALUES (?1, ?2, 'phone_reveal', ?3, 'EUR', 'sandbox', ?1, ?4, ?4)`,
      )
        .bind(intent, owner, cents, start + 60)
        .run();
      for (const status of ["created", "succeeded"]) {
        await env.DB.prepare(
          "INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at) VALUES (?, ?, ?, 'sandbox', ?)",
        )
          .bind(intent, status, cents, start + 60 + i)
          .run();
      }
    }

    // Signed in at that time (sessions of today's clock have expired by then): two sign-ups of its day.
    const boss = await signUpByPhone({ now: NOW });
    await grant(boss.user.id, "admin");
    const watcher = await signUpByPhone({ now: NOW });
    await grant(watcher.user.id, "moderator");
    const asAdmin = await call("/api/admin/dashboard", { jar: boss.jar, now: NOW });
    const body = await asAdmin.json<{ data: ApiDashboard }>();
    expect(asAdmin.status, JSON.stringify(body)).toBe(200);
    const { data } = body;
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)!.day).toBe("2031-03-30");
    expect(data.days.find((d) => d.day === DAY)).toEqual({
      day: DAY,
      listings: 3,
      pending: 1,
      reports: 2,
      signups: 1,
      payments: 2,
      payments_cents: 2490,
    });
    expect(data.days.find((d) => d.day === "2031-03-28")).toMatchObject({ listings: 1, pending: 0 });
    expect(data.days.at(-1)).toMatchObject({ signups: 2, listings: 0 });
    expect(data.totals).toEqual({ listings: 4, pending: 1, reports: 2, signups: 3, payments: 2, payments_cents: 2490 });

    const res = await call("/api/admin/dashboard", { jar: watcher.jar, now: NOW });
    const asModerator = await res.json<{ data: ApiDashboard }>();
    expect(res.status, JSON.stringify(asModerator)).toBe(200);
    expect(asModerator.data.days.find((d) => d.day === DAY)).toMatchObject({ payments: 2, payments_cents: null });
    expect(asModerator.data.totals.payments_cents).toBeNull();
  });
});

describe("the pages, without JavaScript", () => {
  const page = (path: string, jar: Jar) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      headers: { cookie: jar.header(), "cf-connecting-ip": uniqueIp() },
      redirect: "manual",
    });

  it("are a 404 for moderators; the tag form says what is wrong beside the field, then adds and confirms", async () => {
    expect((await page("/admin/content/tags/", moderator)).status).toBe(404);
    expect((await page("/admin/content/faq/", moderator)).status).toBe(404);
    expect((await page("/admin/content/tooltips/", editor)).status).toBe(200);

    const fields = { intent: "create", parent_id: "", name_en: "Guides", name_ru: "Гиды", name_sr: "Vodiči" };
    const refused = await formPost("/sr/admin/content/tags/", { ...fields, slug: "Vodiči!" }, editor);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The error sits under the slug field, which points to it; what was typed is kept.
    expect(html).toMatch(
      /id="tag-new-root-slug"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*tag-new-root-slug-error"/,
    );
    expect(html).toContain('id="tag-new-root-slug-error"');
    expect(html).toContain("Proverite ovo polje.");
    expect(html).toContain('value="Vodiči"');

    const added = await formPost("/sr/admin/content/tags/", { ...fields, slug: "guides" }, editor);
    expect(added.status).toBe(302);
    const id = await env.DB.prepare("SELECT id FROM tags WHERE parent_id IS NULL AND slug = 'guides'").first<number>(
      "id",
    );
    expect(added.headers.get("location")).toBe(`/sr/admin/content/tags/?done=created#tag-${id}`);
    const confirmed = await (await page("/sr/admin/content/tags/?done=created", editor)).text();
    expect(confirmed).toContain("Dodato.");
    expect(confirmed).toContain('data-path="guides"');
  });
});
