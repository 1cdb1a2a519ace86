/**
 * One card per property (decision 090): listings of one flat by different advertisers (decision 036's
 * photo match, the same district, rooms and floor, areas within 3 %) form a group once public; search and
 * its totals show the group once, by its cheapest listing with `offers`, and the detail lists the others
 * (`same_property`). A price change moves the lead, archiving the lead promotes the next; one owner's two
 * listings never group, nor do areas 4 % apart.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import { call, type Jar, uniqueIp } from "./auth-fixtures.ts";
import { adminJar, owner, type Owner, pending } from "./moderation-fixtures.ts";
import { PROPERTY_GROUPS_SQL } from "#harness/seed/property-groups.ts";
import { regroup } from "#worker/workflows/property-groups.ts";

let admin: Jar;
/** The district the fixtures' drafts are in (the first of Belgrade's). */
let district: string;

beforeAll(async () => {
  admin = await adminJar();
  district = (await env.DB.prepare(
    "SELECT d.slug FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' LIMIT 1",
  ).first<{ slug: string }>())!.slug;
});

let nextPhoto = 0;
/** Two fresh photo fingerprints, far from each other and from every other test's. */
function photoPair(): [string, string] {
  nextPhoto++;
  const hex = (n: number) => n.toString(16).padStart(4, "0");
  return [0, 1].map((k) => {
    const word = 0x1000 + nextPhoto * 2 + k;
    return hex(word) + hex(word ^ 0x5a5a) + hex(word ^ 0xa5a5) + hex(word ^ 0x0ff0);
  }) as [string, string];
}

/** Gives a listing photos with these fingerprints (as upload stores them, decision 036). */
async function photos(id: number, hashes: readonly string[]) {
  for (const [position, hash] of hashes.entries()) {
    const [b0, b1, b2, b3] = [0, 4, 8, 12].map((i) => Number.parseInt(hash.slice(i, i + 4), 16));
    await env.DB.prepare(
      `INSERT INTO listing_images (listing_id, position, width, height, seed, fingerprint, fp_band0, fp_band1, fp_band2, fp_band3)
       VALUES (?, ?, 800, 600, 1, ?, ?, ?, ?, ?)`,
    )
      .bind(id, position, hash, b0, b1, b2, b3)
      .run();
  }
}

/** A pending flat with these photos, `area` m² (the fixtures' 58 unless given), approved by the admin. */
async function offer(who: Owner, price: number, hashes: readonly string[], area?: number) {
  const id = await pending(who, price);
  await photos(id, hashes);
  if (area !== undefined) await env.DB.prepare("UPDATE listings SET area = ? WHERE id = ?").bind(area, id).run();
  const res = await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: admin, ip: uniqueIp() });
  expect(res.status).toBe(200);
  return id;
}

const group = (id: number) =>
  env.DB.prepare("SELECT property_id, property_lead FROM listings WHERE id = ?")
    .bind(id)
    .first<{ property_id: number | null; property_lead: number }>();

const detail = async (id: number) => {
  const res = await call(`/api/realty/${id}`);
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiListingDetail }>()).data;
};

/** The search's items priced within [min, max] among the fixtures' flats, and its total. */
async function search(min: number, max: number) {
  const res = await call(`/api/realty/search?type=4&city=beograd&price_min=${min}&price_max=${max}&per_page=50`);
  expect(res.status).toBe(200);
  const body = await res.json<{ items: ApiListing[]; total: number }>();
  return { items: body.items.map((item): [number, number] => [item.id, item.offers]), total: body.total };
}

/** The summary-counted total of the fixtures' flats (type, city, district, rooms): properties, not listings. */
async function summaryTotal() {
  const res = await call(`/api/realty/total?type=4&city=beograd&district=${district}&rooms=2`);
  expect(res.status).toBe(200);
  return (await res.json<{ data: { total: number } }>()).data.total;
}

// First: the fixtures below add listings to the pools the seed's rules choose from.
describe("the seed's groups", () => {
  it("are what the rule makes of them: regrouping them changes nothing", async () => {
    const ids: number[][] = [];
    for (const { lead, others } of PROPERTY_GROUPS_SQL) {
      const found = [lead, ...others].map((sql) => env.DB.prepare(sql).first<{ id: number }>());
      ids.push((await Promise.all(found)).map((row) => row!.id));
    }
    expect(ids.length).toBe(3);
    expect(ids[0]!.length).toBe(3);
    const before = await Promise.all(ids.flat().map(group));
    for (const [lead, ...others] of ids) {
      expect((await group(lead!))!.property_lead).toBe(1);
      const shown = await detail(lead!);
      expect(shown.offers).toBe(others.length + 1);
      expect(shown.same_property.map((o) => o.id).sort()).toEqual([...others].sort());
    }
    await regroup(env.DB, ids.flat());
    expect(await Promise.all(ids.flat().map(group))).toEqual(before);
  });
});

describe("a group of one property's offers", () => {
  it("forms on approval, led by the cheapest; search and totals count it once", async () => {
    const [agency, seller] = [await owner(), await owner()];
    const hashes = photoPair();
    const before = await summaryTotal();
    const dear = await offer(agency, 431_000, hashes);
    expect(await summaryTotal()).toBe(before + 1);
    // 59.5 m² beside 58: 2.6 % apart, one flat measured twice.
    const cheap = await offer(seller, 430_000, hashes, 59.5);
    expect(await group(dear)).toEqual({ property_id: dear, property_lead: 0 });
    expect(await group(cheap)).toEqual({ property_id: dear, property_lead: 1 });
    expect(await summaryTotal()).toBe(before + 1);

    const found = await search(430_000, 431_000);
    expect(found.items).toContainEqual([cheap, 2]);
    expect(found.items.map(([id]) => id)).not.toContain(dear);
    expect(found.total).toBe(found.items.length);

    const lead = await detail(cheap);
    expect(lead.offers).toBe(2);
    expect(lead.same_property).toEqual([
      { id: dear, price: 431_000, advertiser_type: "owner", path: `/buy/apartment/beograd/${dear}/` },
    ]);
    // The other offer stays public at its own address and names the lead.
    expect((await detail(dear)).same_property.map((o) => o.id)).toEqual([cheap]);
  });

  it("a price change moves the lead; archiving the lead promotes the next", async () => {
    const [a, b, c] = [await owner(), await owner(), await owner()];
    const hashes = photoPair();
    const first = await offer(a, 440_000, hashes);
    const second = await offer(b, 441_000, hashes);
    const third = await offer(c, 442_000, hashes);
    expect((await group(first))!.property_lead).toBe(1);
    expect((await detail(first)).same_property.map((o) => o.id)).toEqual([second, third]);

    // The third's advertiser cuts the price: immediate on a public listing (decision 053).
    const cut = await call("/api/realty/edit/conditions", {
      body: { id: third, price: 439_000 },
      jar: c.jar,
      ip: c.ip,
    });
    expect(cut.status).toBe(200);
    expect((await group(third))!.property_lead).toBe(1);
    expect((await group(first))!.property_lead).toBe(0);
    expect((await search(439_000, 442_000)).items.filter(([id]) => [first, second, third].includes(id))).toEqual([
      [third, 3],
    ]);

    const archived = await call(`/api/cabinet/realties/${third}/archive`, { body: {}, jar: c.jar, ip: c.ip });
    expect(archived.status).toBe(200);
    expect(await group(third)).toEqual({ property_id: null, property_lead: 1 });
    expect(await group(first)).toEqual({ property_id: first, property_lead: 1 });
    expect((await detail(first)).same_property.map((o) => o.id)).toEqual([second]);
    expect((await search(439_000, 442_000)).items.filter(([id]) => [first, second, third].includes(id))).toEqual([
      [first, 2],
    ]);

    // The last other offer gone, the listing is alone again: no group, one offer.
    expect((await call(`/api/cabinet/realties/${second}/archive`, { body: {}, jar: b.jar, ip: b.ip })).status).toBe(
      200,
    );
    expect(await group(first)).toEqual({ property_id: null, property_lead: 1 });
    const alone = await detail(first);
    expect([alone.offers, alone.same_property]).toEqual([1, []]);
  });

  it("a trailing offer's paid Top placement shows in the promoted block; the list keeps the lead", async () => {
    const [a, b] = [await owner(), await owner()];
    const hashes = photoPair();
    const cheap = await offer(a, 460_000, hashes);
    const dear = await offer(b, 461_000, hashes);
    expect((await group(dear))!.property_lead).toBe(0);
    await env.DB.prepare("UPDATE listings SET promoted_until = ? WHERE id = ?")
      .bind(Date.now() + 86_400_000, dear)
      .run();
    const res = await call(`/api/realty/search?type=4&city=beograd&price_min=460000&price_max=461000&per_page=50`);
    const body = await res.json<{ items: ApiListing[]; promoted: ApiListing[] }>();
    expect(body.promoted.map((item) => item.id)).toContain(dear);
    expect(body.items.map((item) => item.id)).toContain(cheap);
    expect(body.items.map((item) => item.id)).not.toContain(dear);
  });

  it("never groups one owner's two listings", async () => {
    const seller = await owner();
    const hashes = photoPair();
    const one = await offer(seller, 450_000, hashes);
    const two = await offer(seller, 451_000, hashes);
    expect(await group(one)).toEqual({ property_id: null, property_lead: 1 });
    expect(await group(two)).toEqual({ property_id: null, property_lead: 1 });
    expect((await detail(two)).same_property).toEqual([]);
  });

  it("does not group areas 4 % apart, nor listings without the same photos", async () => {
    const [a, b, c] = [await owner(), await owner(), await owner()];
    const hashes = photoPair();
    const one = await offer(a, 460_000, hashes);
    const larger = await offer(b, 460_500, hashes, 58 * 1.04);
    const otherPhotos = await offer(c, 461_000, photoPair());
    for (const id of [one, larger, otherPhotos])
      expect(await group(id)).toEqual({ property_id: null, property_lead: 1 });
  });

  it("a listing the staff hide leaves its group; the other offer stands alone", async () => {
    const [a, b] = [await owner(), await owner()];
    const hashes = photoPair();
    const cheap = await offer(a, 470_000, hashes);
    const dear = await offer(b, 471_000, hashes);
    expect((await group(dear))!.property_lead).toBe(0);
    const hidden = await call(`/api/admin/listings/${cheap}/hide`, {
      body: { reason: "Photos of another flat" },
      jar: admin,
      ip: uniqueIp(),
    });
    expect(hidden.status).toBe(200);
    expect(await group(dear)).toEqual({ property_id: null, property_lead: 1 });
    expect((await search(470_000, 471_000)).items.filter(([id]) => [cheap, dear].includes(id))).toEqual([[dear, 1]]);
  });
});
