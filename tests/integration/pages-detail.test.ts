import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { call, devSession, Jar } from "./auth-fixtures.ts";
import { payFor } from "./payment-fixtures.ts";
import { BOT_UA, browserInit, heading, inPlace, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers: { cookie: "locale=en", ...headers } }));
const crawl = (path: string) => get(path, { "user-agent": BOT_UA });

interface Row {
  id: number;
  deal: "sale" | "rent";
  property_type: string;
  slug: string;
  images: number;
}

const ROW_SQL = `SELECT l.id, l.deal, l.property_type, c.slug,
    (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) AS images
  FROM listings l JOIN cities c ON c.id = l.city_id`;

const pathOf = (row: Row) => `/${row.deal === "sale" ? "buy" : "rent"}/${row.property_type}/${row.slug}/${row.id}/`;
let sale: Row;
let rent: Row;
let land: Row;
let archived: Row;
let draft: Row;

async function one(where: string): Promise<Row> {
  const row = await env.DB.prepare(`${ROW_SQL} WHERE ${where} ORDER BY l.id LIMIT 1`).first<Row>();
  expect(row, where).toBeTruthy();
  return row!;
}

beforeAll(async () => {
  sale = await one(
    "l.status = 'active' AND l.deal = 'sale' AND l.property_type = 'apartment' AND c.slug = 'beograd' AND l.area IS NOT NULL AND (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) > 2",
  );
  rent = await one("l.status = 'active' AND l.deal = 'rent' AND l.deposit IS NOT NULL");
  land = await one("l.status = 'active' AND l.property_type = 'land'");
  archived = await one("l.status = 'archived'");
  draft = await one("l.status = 'draft'");
});

/** Every JSON-LD block of a document, parsed. */
function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

describe("listing detail page", () => {
  it("answers 200 at the canonical path with the listing's title, canonical link and Open Graph photo", async () => {
    const res = await get(pathOf(sale));
    expect(res.status).toBe(200);
    const html = await res.text();
    // The title as an English visitor reads it (a generated one is composed in their language).
    const listing = (
      await (
        await SELF.fetch(`${ORIGIN}/api/realty/${sale.id}?locale=en`)
      ).json<{
        data: { title: string; title_lang: string; lang: string };
      }>()
    ).data;
    const title = listing.title.replace(/&/g, "&amp;");
    expect(heading(html)).toBe(title);
    expect(html).toMatch(new RegExp(`<h1 id="detail-title" lang="${listing.title_lang}">`));
    expect(html).toMatch(/<title>[^<]+ — €[\d,]+ \| Kvadrat<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${pathOf(sale)}"/>`);
    // Link previews get the first photo as a raster (networks do not read SVG), at its own size.
    const ogImage = new RegExp(`<meta property="og:image" content="(${ORIGIN}/images/listings/\\d+\\.png)"/>`).exec(
      html,
    )?.[1];
    expect(ogImage).toBeDefined();
    const ogWidth = Number(/<meta property="og:image:width" content="(\d+)"\/>/.exec(html)?.[1]);
    const ogHeight = Number(/<meta property="og:image:height" content="(\d+)"\/>/.exec(html)?.[1]);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const png = await SELF.fetch(ogImage!);
    expect(png.headers.get("content-type")).toBe("image/png");
    const header = new DataView(await png.arrayBuffer());
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([ogWidth, ogHeight]);
    // The first photo is the LCP: eager, with its size; the others wait.
    expect(html).toMatch(
      /<img src="\/images\/listings\/\d+\.svg" width="\d+" height="\d+" alt="[^"]+, photo 1 of \d+" loading="eager" fetchPriority="high"/,
    );
    expect(html).toMatch(/alt="[^"]+, photo 3 of \d+" loading="lazy"/);
    // Description in its own language, in paragraphs; facts in a description list.
    expect(html).toMatch(new RegExp(`<div lang="${listing.lang}"[^>]*data-testid="detail-description"><p>`));
    expect(html).toMatch(/<dl[^>]*data-testid="detail-facts"><div[^>]*><dt>Floor area<\/dt><dd>[\d.,]+ m²<\/dd>/);
  });

  it("shows deposit and pets for rent, and the price per month", async () => {
    const html = await (await get(pathOf(rent))).text();
    expect(html).toContain("<dt>Deposit</dt>");
    expect(html).toMatch(/data-testid="detail-price">€[\d,]+ per month</);
  });

  it("compares the price per m² with the city median of its type", async () => {
    const html = await (await get(pathOf(sale))).text();
    expect(html).toMatch(
      /data-testid="detail-market">(\d+% (below|above) the [^<]+ median for apartments|In line with the [^<]+ median for apartments)/,
    );
  });

  it("describes the listing in JSON-LD: RealEstateListing + Offer + Apartment, and the breadcrumb trail", async () => {
    const html = await (await get(pathOf(sale))).text();
    const blocks = jsonLd(html);
    const listing = blocks.find((b) => b["@type"] === "RealEstateListing")!;
    const row = await env.DB.prepare("SELECT price, area, rooms, lat, lng FROM listings WHERE id = ?")
      .bind(sale.id)
      .first<Record<string, number>>();
    expect(listing).toBeTruthy();
    expect(listing.url).toBe(`${ORIGIN}${pathOf(sale)}`);
    expect(listing.offers).toMatchObject({
      "@type": "Offer",
      price: row!.price,
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
    expect(listing.mainEntity).toMatchObject({
      "@type": "Apartment",
      floorSize: { "@type": "QuantitativeValue", value: row!.area, unitCode: "MTK" },
      numberOfRooms: row!.rooms,
      address: { "@type": "PostalAddress", addressCountry: "RS" },
      geo: { "@type": "GeoCoordinates", latitude: row!.lat, longitude: row!.lng },
    });
    expect(listing.image.length).toBe(sale.images);
    const trail = blocks.find((b) => b["@type"] === "BreadcrumbList")!;
    expect(trail.itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/search/?deal=sale`,
      `${ORIGIN}/buy/apartment/`,
      `${ORIGIN}/buy/apartment/${sale.slug}/`,
      `${ORIGIN}${pathOf(sale)}`,
    ]);
    // The visible trail is the same, as a labelled navigation with the current page marked.
    expect(html).toMatch(/<nav aria-label="Breadcrumb"[^>]*><ol[^>]*><li[^>]*><a[^>]*href="\/"[^>]*>Home<\/a>/);
    expect(html).toContain('aria-current="page"');
  });

  it("uses Place for land (no floor size) and keeps the language's paths in ru/sr", async () => {
    const ld = jsonLd(await (await get(`/sr${pathOf(land)}`, { cookie: "locale=sr" })).text());
    const listing = ld.find((b) => b["@type"] === "RealEstateListing")!;
    expect(listing.mainEntity["@type"]).toBe("Place");
    expect(listing.mainEntity.floorSize).toBeUndefined();
    expect(listing.url).toBe(`${ORIGIN}/sr${pathOf(land)}`);
  });

  it("never puts an owner's phone number in the page, in any language", async () => {
    const { results } = await env.DB.prepare("SELECT DISTINCT phone FROM listings").all<{ phone: string }>();
    const phones = results.flatMap(({ phone }) => [phone, phone.replace(/^\+/, ""), phone.replace(/^\+381/, "0")]);
    for (const prefix of ["", "/ru", "/sr"]) {
      for (const row of [sale, rent, land]) {
        const html = await (await crawl(`${prefix}${pathOf(row)}`)).text();
        for (const phone of phones) expect(html).not.toContain(phone);
      }
    }
  });

  it("says when the listing's availability was last confirmed, in the visitor's language, and links to reporting it", async () => {
    const day = 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE listings SET confirmed_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * day - 60_000, sale.id)
      .run();
    const en = await (await get(pathOf(sale))).text();
    expect(en).toMatch(/data-testid="detail-confirmed">Availability confirmed 3 days ago</);
    expect(en).toContain(
      `<a rel="nofollow" href="/listing/report/${sale.id}/" data-discover="true">Report this listing</a>`,
    );
    const ru = await (await get(`/ru${pathOf(sale)}`, { cookie: "locale=ru" })).text();
    expect(ru).toMatch(/data-testid="detail-confirmed">Актуальность подтверждена 3 дня назад</);
    expect(ru).toContain(`href="/ru/listing/report/${sale.id}/"`);
    const sr = await (await get(`/sr${pathOf(sale)}`, { cookie: "locale=sr" })).text();
    expect(sr).toMatch(/data-testid="detail-confirmed">Dostupnost potvrđena pre 3 dana</);
    // Confirmed today: said so.
    await env.DB.prepare("UPDATE listings SET confirmed_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, sale.id)
      .run();
    expect(await (await get(pathOf(sale))).text()).toMatch(
      /data-testid="detail-confirmed">Availability confirmed today</,
    );
  });

  it("asks signed-out visitors to sign in for the phone and messages, coming back here", async () => {
    const html = await (await get(`/ru${pathOf(sale)}`, { cookie: "locale=ru" })).text();
    const next = encodeURIComponent(`/ru${pathOf(sale)}`);
    expect(html).toContain(`href="/ru/?auth=signin&amp;next=${next}"`);
    expect(html).toContain(">Показать телефон</a>");
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>Показать телефон/);
  });

  it("lets signed-in visitors reveal the phone for its price (paid on the payment page) and write to the owner, with plain form posts", async () => {
    const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
    const session = await devSession("user");
    const cookie = `locale=en; ${session}`;
    const listing = await one(
      `l.status = 'active' AND l.owner_id != (SELECT id FROM users WHERE email = '${account.email}')`,
    );
    const { phone } = (await env.DB.prepare("SELECT phone FROM listings WHERE id = ?")
      .bind(listing.id)
      .first<{ phone: string }>())!;
    const page = await (await get(pathOf(listing), { cookie })).text();
    expect(page).toMatch(
      /<form[^>]*method="post"><input type="hidden" name="intent" value="reveal"\/><button type="submit"[^>]*>Show phone · €0\.50<\/button>/,
    );
    expect(page).toContain("Revealing the number costs €0.50, charged once for this listing.");
    expect(page).not.toContain(phone);
    expect(page).not.toContain("auth=signin&amp;next=");
    // Signed-in code loads lazily in the browser; the server renders it in place, for use without JavaScript.
    expect(inPlace(page, 'value="reveal"')).toBe(true);
    expect(inPlace(page, 'name="intent" value="signout"')).toBe(true);

    const post = (body: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}${pathOf(listing)}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "user-agent": BOT_UA },
        body: new URLSearchParams(body).toString(),
      });
    // Not paid for yet: the reveal's payment page (its flow is tests/integration/payment-pages.test.ts, decision 040).
    const asked = await post({ intent: "reveal" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`/cabinet/payment/?product=phone_reveal&realty_id=${listing.id}`);
    // Paid through a phone_reveal intent (the payment pages do it; here the API, as they call it),
    // the form post answers the number.
    const jar = new Jar();
    for (const pair of session.split("; ")) {
      const [name, value] = pair.split("=");
      jar.cookies.set(name!, value!);
    }
    const unpaid = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar });
    expect(unpaid.status).toBe(402);
    await unpaid.body?.cancel();
    await payFor(jar, listing.id, "phone_reveal");
    const revealed = await post({ intent: "reveal" });
    expect(revealed.status).toBe(200);
    const after = await revealed.text();
    expect(after).toContain(`href="tel:${phone}"`);
    const intents = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM payment_intents p JOIN users u ON u.id = p.user_id
       WHERE u.email = ? AND p.listing_id = ? AND p.product = 'phone_reveal'`,
    )
      .bind(account.email, listing.id)
      .first<{ n: number }>();
    expect(intents!.n).toBe(1);

    const empty = await post({ intent: "message", text: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Fill in this field.");
    // The field's limit comes from the API's schema, into the message and the field's maxlength.
    const long = await post({ intent: "message", text: "x".repeat(2001) });
    expect(long.status).toBe(400);
    const longPage = await long.text();
    expect(longPage).toContain("Shorten it to 2,000 characters.");
    expect(longPage).toMatch(/<textarea[^>]*maxLength="2000"|<textarea[^>]*maxlength="2000"/);
    const sent = await post({ intent: "message", text: "Is the flat still available?" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Message sent.");
    const stored = await env.DB.prepare("SELECT body FROM messages WHERE listing_id = ? ORDER BY id DESC LIMIT 1")
      .bind(listing.id)
      .first<{ body: string }>();
    expect(stored!.body).toBe("Is the flat still available?");
  });

  it("streams similar listings of the same type and city (not itself) after the shell, in place for crawlers", async () => {
    const html = await (await crawl(pathOf(sale))).text();
    const section = html.slice(html.indexOf('id="detail-similar"'));
    expect(section).toContain("Similar listings");
    const ids = [...section.matchAll(/id="listing-(\d+)-title"/g)].map((m) => Number(m[1]));
    expect(ids).not.toContain(sale.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(4);
    for (const id of ids) {
      const other = await env.DB.prepare(`${ROW_SQL} WHERE l.id = ?`).bind(id).first<Row>();
      expect(other).toMatchObject({ deal: sale.deal, property_type: sale.property_type, slug: sale.slug });
    }
    expect(section).not.toMatch(/<p[^>]*>Similar listings could not be loaded/);
  });
});

describe("canonical redirects and 404s", () => {
  it("301s a detail URL with the wrong city, type or deal to the canonical path, locale and query kept", async () => {
    const wrongCity = sale.slug === "nis" ? "beograd" : "nis";
    for (const [from, to] of [
      [`/buy/apartment/${wrongCity}/${sale.id}/`, pathOf(sale)],
      // The query the page reads is kept; what it does not read was dropped before (decision 027).
      [`/buy/house/${sale.slug}/${sale.id}/?auth=signin&utm_source=x`, `${pathOf(sale)}?auth=signin`],
      [`/rent/apartment/${sale.slug}/${sale.id}/`, pathOf(sale)],
      [`/sr/buy/apartment/atlantis/${sale.id}/`, `/sr${pathOf(sale)}`],
    ]) {
      const res = await get(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    }
  });

  it("301s /realty/{id}/ to the canonical path in each language", async () => {
    for (const prefix of ["", "/ru", "/sr"]) {
      const res = await get(`${prefix}/realty/${rent.id}/`, { cookie: `locale=${prefix.slice(1) || "en"}` });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`${prefix}${pathOf(rent)}`);
    }
  });

  it("is the 404 page for archived, unpublished and unknown listings, and rent URLs with land or investment", async () => {
    for (const path of [
      pathOf(archived),
      pathOf(draft),
      `/realty/${archived.id}/`,
      "/buy/apartment/beograd/999999/",
      "/realty/999999/",
      `/rent/land/${land.slug}/${land.id}/`,
      `/rent/investment/beograd/${sale.id}/`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Page not found");
    }
  });
});
