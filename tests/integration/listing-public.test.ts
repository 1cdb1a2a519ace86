/**
 * What visitors see of a listing (decision 032): a generated title in the
 * visitor's language on every read (API, cards, detail page, meta, JSON-LD), an owner's own title as
 * written; uploaded photos as responsive WebP variants; and an owner's edit seen at once by the owner
 * while everyone else gets the page cache's copy until its TTL.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import type { ApiListingDetail, SearchResponse } from "#shared/api/realty.ts";
import { generatedListingTitle } from "#shared/listing-title.ts";
import { type Locale, LOCALES as ENTRIES, localizePath } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { listingsByIds } from "#worker/db/listings.ts";
import { toListing } from "#worker/api/shapes/listing.ts";
import { gradientPng } from "#tests/fixtures/photos.ts";
import { BROWSER_UA, heading } from "#tests/fixtures/requests.ts";
import { call, devSession, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

const LOCALES: Locale[] = ENTRIES.map((entry) => entry.code);

type Names = { [K in `${"city" | "district"}_${Locale}`]: string | null };
interface Row extends Names {
  id: number;
  deal: "sale" | "rent";
  property_type: string;
  city: string;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  price: number;
  title: string;
  title_generated: number;
  lang: Locale;
  owner_id: number;
}

const row = (where: string) =>
  env.DB.prepare(
    `SELECT l.id, l.deal, l.property_type, c.slug AS city, l.rooms, l.area, l.land_area, l.price, l.title,
       l.title_generated, l.lang, l.owner_id, c.name_en AS city_en, c.name_ru AS city_ru, c.name_sr AS city_sr,
       d.name_en AS district_en, d.name_ru AS district_ru, d.name_sr AS district_sr
     FROM listings l JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
     WHERE l.status = 'active' AND l.unconfirmed_at IS NULL AND ${where} ORDER BY l.id LIMIT 1`,
  ).first<Row>();

const titleIn = (r: Row, locale: Locale) =>
  generatedListingTitle(
    {
      deal: r.deal,
      type: r.property_type,
      rooms: r.rooms,
      area: r.area,
      land_area: r.land_area,
      city: r[`city_${locale}`]!,
      district: r[`district_${locale}`],
    },
    textCatalog(locale).intl,
  );

const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const regExpText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const detailPath = (r: Row, locale: Locale) =>
  localizePath(`/${r.deal === "sale" ? "buy" : "rent"}/${r.property_type}/${r.city}/${r.id}/`, locale);
const page = (path: string, cookie?: string) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
const json = async <T>(path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return res.json<T>();
};

let generated: Row;
let own: Row;

beforeAll(async () => {
  // A flat with rooms and a district (the richest title), a Serbian one: other languages must differ.
  generated = (await row(
    "l.title_generated = 1 AND l.lang = 'sr' AND l.property_type = 'apartment' AND l.rooms >= 1 AND l.district_id IS NOT NULL",
  ))!;
  own = (await row("l.title_generated = 0"))!;
  expect(generated && own).toBeTruthy();
});

describe("a generated title", () => {
  it("is stored in the listing's language, as the generator makes it", () => {
    expect(generated.title).toBe(titleIn(generated, "sr"));
  });

  it.each(LOCALES)("reads in %s from the detail and search APIs", async (locale) => {
    const expected = titleIn(generated, locale);
    const { data } = await json<{ data: ApiListingDetail }>(`/api/realty/${generated.id}?locale=${locale}`);
    expect(data).toMatchObject({ title: expected, title_lang: locale, lang: "sr" });

    const search = await json<SearchResponse>(
      `/api/realty/search?city=${generated.city}&type=${generated.deal === "sale" ? 4 : 1}&per_page=50&locale=${locale}`,
    );
    expect(search.items.length).toBeGreaterThan(0);
    // Cards read in the visitor's language: an owner's title in another gives way to the generated one.
    for (const item of search.items) expect(item.title_lang).toBe(locale);
  });

  it.each(LOCALES)("is the %s detail page's heading, document title, og:title and JSON-LD name", async (locale) => {
    const expected = titleIn(generated, locale);
    const res = await page(detailPath(generated, locale));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(heading(html)).toBe(escaped(expected));
    expect(html).toContain(`<h1 id="detail-title" lang="${locale}">`);
    expect(html).toMatch(new RegExp(`<title>${regExpText(escaped(expected))} — `));
    const names = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { "@type": string; name?: string })
      .filter((block) => block["@type"] === "RealEstateListing")
      .map((block) => block.name);
    expect(names).toEqual([expected]);
  });

  it.each(LOCALES)("titles the %s cards of a list, marked in its language", async (locale) => {
    // The favourites list (by ids) shows exactly this card; search pages are the same component.
    const res = await page(localizePath("/favourites/", locale), `favourites=${generated.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      new RegExp(`lang="${locale}" href="[^"]+"[^>]*>${regExpText(escaped(titleIn(generated, locale)))}</a>`),
    );
  });

  it("titles every card of a search page in the page's language", async () => {
    const search = await json<SearchResponse>(`/api/realty/search?city=${generated.city}&type=4&locale=ru`);
    const html = await (await page(localizePath(`/buy/apartment/${generated.city}/`, "ru"))).text();
    for (const item of search.items) expect(html).toContain(`>${escaped(item.title)}</a>`);
    expect(search.items.some((item) => item.title_lang === "ru" && /[а-я]/.test(item.title))).toBe(true);
  });
});

describe("an owner's own title", () => {
  it("titles the cards in its own language only; in another, the generated title stands in", async () => {
    for (const locale of LOCALES) {
      const [row] = await listingsByIds(env.DB, [own.id], locale);
      const card = toListing(row!, Date.now(), locale);
      if (own.lang === locale) expect(card).toMatchObject({ title: own.title, title_lang: locale });
      else expect(card).toMatchObject({ title: titleIn(own, locale), title_lang: locale });
    }
  });

  it("is shown as written, in its own language, in every language of the site", async () => {
    for (const locale of LOCALES) {
      const { data } = await json<{ data: ApiListingDetail }>(`/api/realty/${own.id}?locale=${locale}`);
      expect(data).toMatchObject({ title: own.title, title_lang: own.lang });
      const html = await (await page(detailPath(own, locale))).text();
      expect(heading(html)).toBe(escaped(own.title));
      expect(html).toContain(`<h1 id="detail-title" lang="${own.lang}">`);
    }
  });
});

/** Moves a listing's images `by` places (through negative positions: positions are unique). */
async function shiftImages(listingId: number, by: number) {
  await env.DB.batch([
    env.DB.prepare("UPDATE listing_images SET position = -1 - position WHERE listing_id = ?").bind(listingId),
    env.DB.prepare("UPDATE listing_images SET position = -1 - position + ? WHERE listing_id = ?").bind(by, listingId),
  ]);
}

describe("an active listing of a signed-in owner", () => {
  let owner: SignedIn;
  let lent: Row;
  let photo: ApiListingPhoto;

  beforeAll(async () => {
    owner = await signUpByPhone();
    // A seeded active listing lent to the new owner for this file (given back after).
    lent = (await row("l.title_generated = 1 AND l.property_type = 'apartment' AND l.id > 100"))!;
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(owner.user.id, lent.id).run();
    const form = new FormData();
    form.set("id", String(lent.id));
    form.set("file", new File([await gradientPng(2000, 1500)], "photo.png", { type: "image/png" }));
    const res = await SELF.fetch(`${ORIGIN}/api/realty/edit/image`, {
      method: "POST",
      headers: {
        "x-requested-with": "XMLHttpRequest",
        origin: ORIGIN,
        "cf-connecting-ip": owner.ip,
        cookie: owner.jar.header(),
      },
      body: form,
    });
    expect(res.status).toBe(201);
    photo = (await res.json<{ data: ApiListingPhoto }>()).data;
    // Added to a public listing, it waits for a moderator (decision 053), who approves it.
    expect(photo.pending).toBe(true);
    const approved = await call(`/api/admin/realty/${lent.id}/approve`, {
      body: {},
      headers: { cookie: await devSession("admin") },
    });
    expect(approved.status).toBe(200);
    // The photo becomes the cover, ahead of the seeded illustrations (the order endpoint takes photos only).
    await shiftImages(lent.id, 1);
    await env.DB.prepare("UPDATE listing_images SET position = 0 WHERE id = ?").bind(photo.id).run();
  });

  afterAll(async () => {
    const deleted = await call(`/api/realty/edit/image/${photo.id}`, {
      method: "DELETE",
      jar: owner.jar,
      ip: owner.ip,
    });
    expect(deleted.status).toBe(204);
    await shiftImages(lent.id, -1);
    await env.DB.prepare("UPDATE listings SET owner_id = ?, price = ? WHERE id = ?")
      .bind(lent.owner_id, lent.price, lent.id)
      .run();
  });

  it("shows its uploaded photo as WebP variants in the APIs, the detail page and its link preview", async () => {
    const large = photo.variants.at(-1)!;
    const expected = {
      id: photo.id,
      url: photo.variants[1]!.url,
      width: large.width,
      height: large.height,
      srcset: photo.srcset,
      url_large: large.url,
    };
    expect(photo.srcset).toMatch(/^\/photos\/[0-9a-f]{32}-480\.webp 480w, .+ 960w, .+ 1600w$/);
    const { data } = await json<{ data: ApiListingDetail }>(`/api/realty/${lent.id}`);
    expect(data.images[0]).toEqual(expected);
    expect(data.image).toEqual(expected);
    // Illustrations stay one SVG each.
    expect(data.images[1]).toMatchObject({
      url: expect.stringMatching(/^\/images\/listings\/\d+\.svg$/),
      srcset: null,
    });
    const search = await json<SearchResponse>(
      `/api/realty/search?city=${lent.city}&per_page=50&sort=newest&type=${lent.deal === "sale" ? 4 : 1}`,
    );
    const found = search.items.find((item) => item.id === lent.id);
    if (found) expect(found.image).toEqual(expected);
    const byIds = await call("/api/realty-by-ids", { body: { ids: [lent.id] } });
    expect(((await byIds.json()) as { items: { image: unknown }[] }).items[0]!.image).toEqual(expected);

    const html = await (await page(detailPath(lent, "en"))).text();
    const srcset = escaped(photo.srcset);
    expect(html).toContain(`src="${expected.url}" srcSet="${srcset}" sizes="(min-width: 60rem) 52rem, 100vw"`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}${large.url}"/>`);
    expect(html).toContain(`<meta property="og:image:width" content="${large.width}"/>`);
    const cards = await (await page("/favourites/", `favourites=${lent.id}`)).text();
    expect(cards).toContain(`srcSet="${srcset}"`);

    for (const variant of photo.variants) {
      const res = await SELF.fetch(`${ORIGIN}${variant.url}`);
      expect(res.status, variant.url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      await res.arrayBuffer();
    }
  });

  it("shows its owner an edit at once, while guests get the page cache's copy until its TTL", async () => {
    // The built Worker with the page cache on (the workers project turns it off).
    const built = "../../.builds/test/server/index.js";
    const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;
    const cached = { ...env, PAGE_CACHE_TTL: "60" };
    const path = detailPath(lent, "en");
    const view = async (cookie?: string) => {
      const ctx = createExecutionContext();
      const headers: Record<string, string> = { "user-agent": BROWSER_UA };
      if (cookie) headers.cookie = cookie;
      const res = await worker.fetch!(new Request(`${ORIGIN}${path}`, { headers }) as never, cached, ctx);
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      return { html, cache: res.headers.get("x-page-cache"), control: res.headers.get("cache-control") };
    };
    const money = (n: number) => `€${n.toLocaleString("en-US")}`;

    await view();
    const before = await view();
    expect(before.cache).toBe("hit");
    expect(before.html).toContain(money(lent.price));

    const price = lent.price + 1234;
    const edited = await call("/api/realty/edit/conditions", {
      body: { id: lent.id, price },
      jar: owner.jar,
      ip: owner.ip,
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { data: { status: string } }).data.status).toBe("active");

    const mine = await view(owner.jar.header());
    expect(mine.cache).toBeNull();
    expect(mine.control).toBe("private, no-store");
    expect(mine.html).toContain(money(price));
    const guest = await view();
    expect(guest.cache).toBe("hit");
    expect(guest.html).toContain(money(lent.price));
    expect((await json<{ data: ApiListingDetail }>(`/api/realty/${lent.id}`)).data.price).toBe(price);
  });
});
