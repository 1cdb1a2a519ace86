import { env, SELF } from "cloudflare:test";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AdvantageListResponse,
  ArticleListResponse,
  ArticleResponse,
  FaqListResponse,
  TagListResponse,
  TooltipResponse,
} from "#shared/api/content.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

/**
 * Content calls (product §7 "Content") against fixture rows of their own (ids 900000+, slugs `fixture-*`),
 * so the seeded content can change freely. Fixture articles are dated 2099: they are the newest.
 */

const api = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${ORIGIN}${path}`, { headers });

async function expectInvalid(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  expect(body.error.fields[field], JSON.stringify(body)).toBeTruthy();
}

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
}

// Tree: fixture-media > prices > belgrade > new-builds; fixture-media > rent; fixture-empty.
const TAGS = [
  { id: 900001, parent: null, depth: 1, slug: "fixture-media", position: 9001, en: "Media", ru: "Медиа", sr: "Mediji" },
  { id: 900002, parent: 900001, depth: 2, slug: "prices", position: 1, en: "Prices", ru: "Цены", sr: "Cene" },
  { id: 900003, parent: 900002, depth: 3, slug: "belgrade", position: 1, en: "Belgrade", ru: "Белград", sr: "Beograd" },
  {
    id: 900004,
    parent: 900003,
    depth: 4,
    slug: "new-builds",
    position: 1,
    en: "New builds",
    ru: "Новостройки",
    sr: "Novogradnja",
  },
  { id: 900005, parent: 900001, depth: 2, slug: "rent", position: 2, en: "Rent", ru: "Аренда", sr: "Izdavanje" },
  { id: 900006, parent: null, depth: 1, slug: "fixture-empty", position: 9002, en: "Empty", ru: "Пусто", sr: "Prazno" },
] as const;

const DAY = 86_400_000;
const BASE = Date.UTC(2099, 0, 1);
const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(" ");

// 12 articles under fixture-media; article 900100 + k is published on day k.
const ARTICLE_TAGS: Record<number, number> = {
  900101: 900001,
  900102: 900002,
  900103: 900003,
  900104: 900004,
  900105: 900005,
  900106: 900002,
  900107: 900002,
  900108: 900002,
  900109: 900001,
  900110: 900005,
  900111: 900002,
  900112: 900003,
};

beforeAll(async () => {
  const db = env.DB;
  await db.batch([
    db.prepare("DELETE FROM articles WHERE id >= 900000"),
    db.prepare("DELETE FROM tags WHERE id >= 900000"),
    db.prepare("DELETE FROM faq WHERE id >= 900000"),
    db.prepare("DELETE FROM advantages WHERE id >= 900000"),
    db.prepare("DELETE FROM tooltips WHERE key LIKE 'fixture.%'"),
  ]);
  await db.batch(
    TAGS.map((t) =>
      db
        .prepare(
          "INSERT INTO tags (id, parent_id, depth, slug, name_en, name_ru, name_sr, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(t.id, t.parent, t.depth, t.slug, t.en, t.ru, t.sr, t.position),
    ),
  );
  await db.batch(
    Object.entries(ARTICLE_TAGS).map(([id, tagId]) => {
      const k = Number(id) - 900100;
      // Article 900102 reads for 3 minutes (600 words in two paragraphs); the others for 1.
      const body = (w: string) =>
        k === 2 ? `${words(300, w)}\n\n${words(300, w)}` : `First ${w}.\n\nSecond ${w}.\n\n\nThird ${w}.`;
      return db
        .prepare(
          `INSERT INTO articles (id, tag_id, slug, author, published_at, image_seed,
             title_en, title_ru, title_sr, lead_en, lead_ru, lead_sr, body_en, body_ru, body_sr)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          Number(id),
          tagId,
          `fixture-article-${k}`,
          "Fixture Author",
          BASE + k * DAY,
          k,
          `Title ${k}`,
          `Заголовок ${k}`,
          `Naslov ${k}`,
          `Lead ${k}`,
          `Лид ${k}`,
          `Uvod ${k}`,
          body("word"),
          body("слово"),
          body("reč"),
        );
    }),
  );
  await db.batch([
    // Inserted out of position order: the API must sort.
    db.prepare(
      `INSERT INTO faq (id, position, category, question_en, question_ru, question_sr, answer_en, answer_ru, answer_sr)
       VALUES (900003, 1000003, 'fixture', 'Q3?', 'В3?', 'P3?', 'A3', 'О3', 'O3'),
              (900001, 1000001, 'fixture', 'Q1?', 'В1?', 'P1?', 'A1', 'О1', 'O1'),
              (900002, 1000002, 'fixture-other', 'Q2?', 'В2?', 'P2?', 'A2', 'О2', 'O2')`,
    ),
    db.prepare(
      `INSERT INTO advantages (id, position, icon, title_en, title_ru, title_sr, text_en, text_ru, text_sr)
       VALUES (900002, 1000002, 'map', 'Map', 'Карта', 'Mapa', 'On a map', 'На карте', 'Na mapi'),
              (900001, 1000001, 'shield', 'Safe', 'Надёжно', 'Sigurno', 'Checked', 'Проверено', 'Provereno')`,
    ),
    db.prepare(
      `INSERT INTO tooltips (key, text_en, text_ru, text_sr)
       VALUES ('fixture.price_m2', 'Price per square metre', 'Цена за квадратный метр', 'Cena po kvadratnom metru')`,
    ),
  ]);
});

describe("GET /api/tag", () => {
  it("lists tags in tree order with parent, depth, slug, path and localized name", async () => {
    const res = await api("/api/tag");
    expect(res.status).toBe(200);
    const body = v.parse(TagListResponse, await res.json());
    expect(body.total).toBe(body.items.length);
    const mine = body.items.filter((t) => t.path[0] === "fixture-media");
    expect(mine.map((t) => t.path.join("/"))).toEqual([
      "fixture-media",
      "fixture-media/prices",
      "fixture-media/prices/belgrade",
      "fixture-media/prices/belgrade/new-builds",
      "fixture-media/rent",
    ]);
    expect(mine[3]).toEqual({
      id: 900004,
      parent_id: 900003,
      depth: 4,
      slug: "new-builds",
      name: "New builds",
      path: mine[3]!.path,
    });
    expect(mine[0]!.parent_id).toBeNull();
    // Every tag's path ends with its slug and is as long as it is deep.
    for (const t of body.items) {
      expect(t.path.at(-1)).toBe(t.slug);
      expect(t.path).toHaveLength(t.depth);
    }
  });

  it("names follow ?locale= and Accept-Language", async () => {
    const name = async (path: string, headers?: Record<string, string>) => {
      const body = v.parse(TagListResponse, await (await api(path, headers)).json());
      return body.items.find((t) => t.id === 900002)?.name;
    };
    expect(await name("/api/tag")).toBe("Prices");
    expect(await name("/api/tag?locale=ru")).toBe("Цены");
    expect(await name("/api/tag?locale=sr")).toBe("Cene");
    expect(await name("/api/tag", { "accept-language": "ru-RU,ru;q=0.9" })).toBe("Цены");
    expect(await name("/api/tag", { "accept-language": "sr-Latn-RS" })).toBe("Cene");
    expect(await name("/api/tag?locale=en", { "accept-language": "ru" })).toBe("Prices");
  });

  it("?parent= lists the tags below one", async () => {
    const body = v.parse(TagListResponse, await (await api("/api/tag?parent=fixture-media/prices")).json());
    expect(body.items.map((t) => t.slug)).toEqual(["belgrade", "new-builds"]);
    expect(body.total).toBe(2);
    const leaf = v.parse(TagListResponse, await (await api("/api/tag?parent=fixture-media/rent")).json());
    expect(leaf).toEqual({ items: [], total: 0 });
  });

  it("?parent= that is malformed is 400, unknown is 404", async () => {
    for (const parent of ["", "Fixture", "a//b", "a/b/c/d/e", "x'; DROP TABLE tags; --", "é"]) {
      await expectInvalid(await api(`/api/tag?parent=${encodeURIComponent(parent)}`), "parent");
    }
    await expectNotFound(await api("/api/tag?parent=fixture-media/nothing"));
  });
});

describe("GET /api/article", () => {
  it("pages the newest first with summaries", async () => {
    const res = await api("/api/article?per_page=3");
    expect(res.status).toBe(200);
    const body = v.parse(ArticleListResponse, await res.json());
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(3);
    expect(body.total).toBeGreaterThanOrEqual(12);
    expect(body.items.map((a) => a.id)).toEqual([900112, 900111, 900110]);
    expect(body.items[0]).toEqual({
      id: 900112,
      slug: "fixture-article-12",
      tag_path: ["fixture-media", "prices", "belgrade"],
      title: "Title 12",
      lead: "Lead 12",
      author: "Fixture Author",
      published_at: new Date(BASE + 12 * DAY).toISOString(),
      reading_minutes: 1,
      image: "/images/articles/900112.svg",
      image_srcset: null,
    });
  });

  it("defaults to page 1 of 20", async () => {
    const body = v.parse(ArticleListResponse, await (await api("/api/article")).json());
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(20);
    expect(body.items.length).toBe(Math.min(20, body.total));
  });

  it("?tag= keeps a tag and everything below it", async () => {
    const ids = async (tag: string) => {
      const body = v.parse(ArticleListResponse, await (await api(`/api/article?per_page=50&tag=${tag}`)).json());
      expect(body.total).toBe(body.items.length);
      return body.items.map((a) => a.id);
    };
    expect(await ids("fixture-media")).toEqual([
      900112, 900111, 900110, 900109, 900108, 900107, 900106, 900105, 900104, 900103, 900102, 900101,
    ]);
    expect(await ids("fixture-media/prices")).toEqual([900112, 900111, 900108, 900107, 900106, 900104, 900103, 900102]);
    expect(await ids("fixture-media/prices/belgrade")).toEqual([900112, 900104, 900103]);
    expect(await ids("fixture-media/prices/belgrade/new-builds")).toEqual([900104]);
    expect(await ids("fixture-media/rent/")).toEqual([900110, 900105]);
    expect(await ids("fixture-empty")).toEqual([]);
  });

  it("pagination edges: first, last, beyond the last page", async () => {
    const page = async (n: number) =>
      v.parse(ArticleListResponse, await (await api(`/api/article?tag=fixture-media&per_page=5&page=${n}`)).json());
    const first = await page(1);
    expect(first).toMatchObject({ total: 12, page: 1, per_page: 5 });
    expect(first.items.map((a) => a.id)).toEqual([900112, 900111, 900110, 900109, 900108]);
    const last = await page(3);
    expect(last).toMatchObject({ total: 12, page: 3, per_page: 5 });
    expect(last.items.map((a) => a.id)).toEqual([900102, 900101]);
    const beyond = await page(4);
    expect(beyond).toEqual({ items: [], total: 12, page: 4, per_page: 5 });
    const one = v.parse(ArticleListResponse, await (await api("/api/article?tag=fixture-media&per_page=50")).json());
    expect(one.items).toHaveLength(12);
  });

  it("400 names page, per_page and tag", async () => {
    for (const q of [
      "per_page=0",
      "per_page=51",
      "per_page=-1",
      "per_page=abc",
      "per_page=1.5",
      "per_page=1&per_page=2",
    ]) {
      await expectInvalid(await api(`/api/article?${q}`), "per_page");
    }
    for (const q of ["page=0", "page=-3", "page=x", "page=1e3", `page=${"9".repeat(30)}`]) {
      await expectInvalid(await api(`/api/article?${q}`), "page");
    }
    for (const tag of ["", "Fixture-Media", "a/b/c/d/e", "' OR 1=1 --", "медиа", "x".repeat(500)]) {
      await expectInvalid(await api(`/api/article?tag=${encodeURIComponent(tag)}`), "tag");
    }
  });

  it("404 for an unknown tag", async () => {
    await expectNotFound(await api("/api/article?tag=fixture-media/nope"));
    await expectNotFound(await api("/api/article?tag=prices")); // a path from the root, not a bare child slug
  });

  it("titles and leads follow the locale", async () => {
    const first = async (path: string, headers?: Record<string, string>) =>
      v.parse(ArticleListResponse, await (await api(path, headers)).json()).items[0];
    expect(await first("/api/article?tag=fixture-media&locale=ru")).toMatchObject({
      title: "Заголовок 12",
      lead: "Лид 12",
    });
    expect(await first("/api/article?tag=fixture-media&locale=sr")).toMatchObject({
      title: "Naslov 12",
      lead: "Uvod 12",
    });
    expect(await first("/api/article?tag=fixture-media", { "accept-language": "ru" })).toMatchObject({
      title: "Заголовок 12",
    });
    expect(await first("/api/article?tag=fixture-media", { "accept-language": "sr-Latn-RS,en;q=0.5" })).toMatchObject({
      title: "Naslov 12",
    });
    expect(await first("/api/article?tag=fixture-media&locale=xx", { "accept-language": "de" })).toMatchObject({
      title: "Title 12",
    });
  });
});

describe("GET /api/article/{x}", () => {
  it("finds an article by id with paragraphs, breadcrumbs and related", async () => {
    const res = await api("/api/article/900103");
    expect(res.status).toBe(200);
    const { data } = v.parse(ArticleResponse, await res.json());
    expect(data).toMatchObject({
      id: 900103,
      slug: "fixture-article-3",
      tag_path: ["fixture-media", "prices", "belgrade"],
      title: "Title 3",
      lead: "Lead 3",
      author: "Fixture Author",
      published_at: "2099-01-04T00:00:00.000Z",
      reading_minutes: 1,
      image: "/images/articles/900103.svg",
      body: ["First word.", "Second word.", "Third word."],
    });
    expect(data.breadcrumbs).toEqual([
      { id: 900001, slug: "fixture-media", name: "Media", path: ["fixture-media"] },
      { id: 900002, slug: "prices", name: "Prices", path: ["fixture-media", "prices"] },
      { id: 900003, slug: "belgrade", name: "Belgrade", path: ["fixture-media", "prices", "belgrade"] },
    ]);
    // Same tag (belgrade) or its parent (prices), newest first, itself excluded, at most 4.
    expect(data.related.map((a) => a.id)).toEqual([900112, 900111, 900108, 900107]);
    expect(data.related[0]).toMatchObject({ title: "Title 12", tag_path: ["fixture-media", "prices", "belgrade"] });
  });

  it("finds the same article by slug", async () => {
    const bySlug = v.parse(ArticleResponse, await (await api("/api/article/fixture-article-3")).json());
    const byId = v.parse(ArticleResponse, await (await api("/api/article/900103")).json());
    expect(bySlug).toEqual(byId);
  });

  it("computes reading time from the body and related of a root-tag article", async () => {
    const { data } = v.parse(ArticleResponse, await (await api("/api/article/900102")).json());
    expect(data.reading_minutes).toBe(3);
    expect(data.body).toHaveLength(2);
    const root = v.parse(ArticleResponse, await (await api("/api/article/900101")).json());
    // fixture-media has no parent: only its own articles.
    expect(root.data.related.map((a) => a.id)).toEqual([900109]);
    expect(root.data.breadcrumbs.map((b) => b.slug)).toEqual(["fixture-media"]);
  });

  it("localizes title, lead, body and breadcrumbs", async () => {
    const ru = v.parse(ArticleResponse, await (await api("/api/article/900103?locale=ru")).json()).data;
    expect(ru).toMatchObject({
      title: "Заголовок 3",
      lead: "Лид 3",
      body: ["First слово.", "Second слово.", "Third слово."],
    });
    expect(ru.breadcrumbs.map((b) => b.name)).toEqual(["Медиа", "Цены", "Белград"]);
    expect(ru.related[0]!.title).toBe("Заголовок 12");
    const sr = v.parse(
      ArticleResponse,
      await (await api("/api/article/fixture-article-3", { "accept-language": "sr" })).json(),
    ).data;
    expect(sr).toMatchObject({ title: "Naslov 3", lead: "Uvod 3" });
    expect(sr.breadcrumbs.map((b) => b.name)).toEqual(["Mediji", "Cene", "Beograd"]);
  });

  it("404 for an unknown id or slug", async () => {
    await expectNotFound(await api("/api/article/999999999"));
    await expectNotFound(await api("/api/article/fixture-article-nope"));
    await expectNotFound(await api(`/api/article/${"9".repeat(40)}`));
  });

  it("400 names x for what is neither an id nor a slug", async () => {
    for (const x of ["Fixture-Article-3", "a b", "é", "x".repeat(101), "1' OR '1'='1", "-1", "a--b"]) {
      await expectInvalid(await api(`/api/article/${encodeURIComponent(x)}`), "x");
    }
  });
});

describe("GET /api/faq", () => {
  it("lists questions by position with category, localized", async () => {
    const pick = async (path: string, headers?: Record<string, string>) => {
      const res = await api(path, headers);
      expect(res.status).toBe(200);
      const body = v.parse(FaqListResponse, await res.json());
      expect(body.total).toBe(body.items.length);
      return body.items.filter((f) => f.id >= 900000);
    };
    expect(await pick("/api/faq")).toEqual([
      { id: 900001, category: "fixture", question: "Q1?", answer: "A1" },
      { id: 900002, category: "fixture-other", question: "Q2?", answer: "A2" },
      { id: 900003, category: "fixture", question: "Q3?", answer: "A3" },
    ]);
    expect((await pick("/api/faq?locale=ru")).map((f) => [f.question, f.answer])).toEqual([
      ["В1?", "О1"],
      ["В2?", "О2"],
      ["В3?", "О3"],
    ]);
    expect((await pick("/api/faq", { "accept-language": "sr-RS" })).map((f) => f.question)).toEqual([
      "P1?",
      "P2?",
      "P3?",
    ]);
  });
});

describe("GET /api/advantage", () => {
  it("lists advantages by position with icon, localized", async () => {
    const pick = async (path: string, headers?: Record<string, string>) => {
      const res = await api(path, headers);
      expect(res.status).toBe(200);
      const body = v.parse(AdvantageListResponse, await res.json());
      expect(body.total).toBe(body.items.length);
      return body.items.filter((a) => a.id >= 900000);
    };
    expect(await pick("/api/advantage")).toEqual([
      { id: 900001, icon: "shield", title: "Safe", text: "Checked" },
      { id: 900002, icon: "map", title: "Map", text: "On a map" },
    ]);
    expect((await pick("/api/advantage?locale=ru")).map((a) => a.title)).toEqual(["Надёжно", "Карта"]);
    expect((await pick("/api/advantage", { "accept-language": "sr" })).map((a) => a.text)).toEqual([
      "Provereno",
      "Na mapi",
    ]);
  });
});

describe("GET /api/tooltip/{x}", () => {
  it("returns one tooltip's text in the locale", async () => {
    const res = await api("/api/tooltip/fixture.price_m2");
    expect(res.status).toBe(200);
    expect(v.parse(TooltipResponse, await res.json())).toEqual({
      data: { key: "fixture.price_m2", text: "Price per square metre" },
    });
    const ru = await (await api("/api/tooltip/fixture.price_m2?locale=ru")).json();
    expect(ru).toEqual({ data: { key: "fixture.price_m2", text: "Цена за квадратный метр" } });
    const sr = await (await api("/api/tooltip/fixture.price_m2", { "accept-language": "sr" })).json();
    expect(sr).toEqual({ data: { key: "fixture.price_m2", text: "Cena po kvadratnom metru" } });
  });

  it("404 for an unknown key, 400 naming key for a malformed one", async () => {
    await expectNotFound(await api("/api/tooltip/fixture.nothing"));
    for (const key of ["a b", "'; DROP TABLE tooltips; --", "ключ", "k".repeat(101), "a..b"]) {
      await expectInvalid(await api(`/api/tooltip/${encodeURIComponent(key)}`), "key");
    }
  });
});

it("no junk in any content call gives a 5xx", async () => {
  const junk = [
    "%",
    "%E0%A4%A",
    "%00",
    "\u0000",
    "🏠",
    "null",
    "[]",
    "{}",
    "1e309",
    "-0",
    "0x10",
    " ",
    "a".repeat(5000),
    "' OR 1=1 --",
  ];
  for (const j of junk) {
    const e = encodeURIComponent(j);
    for (const path of [
      `/api/tag?parent=${e}`,
      `/api/article?tag=${e}`,
      `/api/article?page=${e}&per_page=${e}`,
      `/api/article/${e}`,
      `/api/article/${j.replace(/[/?#]/g, "")}`,
      `/api/tooltip/${e}`,
      `/api/faq?locale=${e}`,
      `/api/advantage?locale=${e}`,
    ]) {
      const res = await api(path, { "accept-language": j.replace(/[^\x20-\x7e]/g, "") });
      expect(res.status, path).toBeLessThan(500);
    }
  }
});
