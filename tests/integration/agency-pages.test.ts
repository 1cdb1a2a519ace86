/**
 * Agencies' public pages (decision 103): the search's `agency` filter (validated, every offer of the
 * agency, paged), the profile's cities and response figures (which conversations count), the directory by
 * city, the pages in three languages with their JSON-LD and canonical, the sitemap, and cards and the
 * detail naming the agency with its page.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiAgencyDirectory, ApiAgencyPage } from "#shared/api/agency-pages.ts";
import { RESPONSE_MIN_CONVERSATIONS } from "#shared/api/agency-pages.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { call, errorOf, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { DAY, insertListing } from "./listing-fixtures.ts";

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
let names = 0;
const uniqueName = () => `Agencija Strana ${Date.now() % 100000}-${++names}`;
const dataOf = async <T>(res: Response) => (await res.json<{ data: T }>()).data;

interface Agency {
  who: SignedIn;
  id: number;
  slug: string;
  name: string;
  listings: number[];
}

let cities: { id: number; slug: string }[];

/** A founded agency with `perCity` public listings in each of the first two cities. */
async function agencyWithListings(perCity = [2, 1]): Promise<Agency> {
  const who = await signUpByPhone({ name: "Manager Mila" });
  const name = uniqueName();
  const res = await call("/api/agency", {
    body: { name, licence_number: "360-00-00999/2020-10" },
    jar: who.jar,
    ip: who.ip,
  });
  expect(res.status).toBe(201);
  const { id, slug } = await dataOf<{ id: number; slug: string }>(res);
  const listings: number[] = [];
  for (const [i, count] of perCity.entries()) {
    for (let n = 0; n < count; n++) listings.push(await insertListing(who.user.id, { city_id: cities[i]!.id }));
  }
  await env.DB.prepare(`UPDATE listings SET agency_id = ? WHERE id IN (${listings.join(",")})`)
    .bind(id)
    .run();
  return { who, id, slug, name, listings };
}

const search = (query: string) => call(`/api/realty/search?${query}`);

beforeAll(async () => {
  const { results } = await env.DB.prepare("SELECT id, slug FROM cities ORDER BY id LIMIT 2").all<{
    id: number;
    slug: string;
  }>();
  cities = results;
  expect(cities).toHaveLength(2);
});

describe("the search's agency filter", () => {
  it("finds the agency's listings only, with the site's filters and paging", async () => {
    const agency = await agencyWithListings();
    const all = await search(`agency=${agency.slug}&per_page=2`);
    expect(all.status).toBe(200);
    const page1 = await all.json<{ items: ApiListing[]; total: number; total_exact: boolean }>();
    expect(page1.total).toBe(3);
    expect(page1.total_exact).toBe(true);
    expect(page1.items).toHaveLength(2);
    for (const item of page1.items) {
      expect(agency.listings).toContain(item.id);
      expect(item.agency).toMatchObject({ name: agency.name, page: `/agency/${agency.slug}/` });
    }
    const page2 = await (await search(`agency=${agency.slug}&per_page=2&page=2`)).json<{ items: ApiListing[] }>();
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);

    const inCity = await (await search(`agency=${agency.slug}&city=${cities[1]!.slug}`)).json<{ total: number }>();
    expect(inCity.total).toBe(1);
  });

  it("refuses a malformed slug and an agency that is not public, naming the field", async () => {
    for (const slug of ["Bad%20Slug", "-x", "a".repeat(81)]) {
      const res = await search(`agency=${slug}`);
      expect(res.status, slug).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("agency");
    }
    const unknown = await search("agency=no-such-agency-here");
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields).toHaveProperty("agency");

    const blocked = await agencyWithListings([1, 0]);
    await env.DB.prepare("UPDATE users SET blocked_at = 1 WHERE id = ?").bind(blocked.who.user.id).run();
    expect((await search(`agency=${blocked.slug}`)).status).toBe(400);
    expect((await call(`/api/agency/${blocked.slug}`)).status).toBe(404);
  });

  it("shows an offer the search leaves out as not its property's lead (one card per property elsewhere)", async () => {
    const agency = await agencyWithListings([1, 0]);
    const [id] = agency.listings;
    // Another advertiser's cheaper offer of the same property leads it (decision 090).
    const other = await signUpByPhone({ name: "Other Owner" });
    const lead = await insertListing(other.user.id, { city_id: cities[0]!.id, price: 1000 });
    await env.DB.prepare("UPDATE listings SET property_id = ?1, property_lead = (id = ?2) WHERE id IN (?1, ?2)")
      .bind(id, lead)
      .run();
    const found = await (await search(`agency=${agency.slug}`)).json<{ items: ApiListing[] }>();
    expect(found.items.map((item) => item.id)).toEqual([id]);
    // The lead's detail names the other offer as the agency's, whoever its agent is.
    const detail = await dataOf<{ same_property: { id: number; advertiser_type: string }[] }>(
      await call(`/api/realty/${lead}`),
    );
    expect(detail.same_property).toEqual([expect.objectContaining({ id, advertiser_type: "agency" })]);
  });
});

describe("the agency's profile for its page", () => {
  it("names its cities, its checked licence number only once checked, and how it answers messages", async () => {
    const agency = await agencyWithListings([2, 1]);
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const listing = agency.listings[0]!;
    const manager = agency.who.user.id;
    /** A conversation a visitor started at `at`, answered after `wait` ms (by the agency) or not. */
    const converse = async (visitor: number, at: number, wait: number | null) => {
      const row = await env.DB.prepare(
        `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id`,
      )
        .bind(listing, visitor, manager, at, at)
        .first<{ id: number }>();
      const message = (from: number, to: number, when: number) =>
        env.DB.prepare(
          `INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, conversation_id)
           VALUES (?, ?, ?, 'Hello', ?, ?)`,
        )
          .bind(listing, from, to, when, row!.id)
          .run();
      await message(visitor, manager, at);
      // The visitor writing again is no answer.
      await message(visitor, manager, at + MINUTE);
      if (wait !== null) await message(manager, visitor, at + wait);
    };
    const visitors: number[] = [];
    for (let i = 0; i < 9; i++) visitors.push((await signUpByPhone({ name: `Visitor ${i}` })).user.id);
    // Counted: six in the window, four answered after 10, 20, 30 and 40 minutes (median 25).
    await converse(visitors[0]!, hour - 2 * DAY, 10 * MINUTE);
    await converse(visitors[1]!, hour - 3 * DAY, 40 * MINUTE);
    await converse(visitors[2]!, hour - 10 * DAY, 20 * MINUTE);
    await converse(visitors[3]!, hour - 20 * DAY, 30 * MINUTE);
    await converse(visitors[4]!, hour - 25 * DAY, null);
    await converse(visitors[5]!, hour - 30 * DAY, null);
    // Not counted: too young to be judged, older than the window, by an account staff blocked.
    await converse(visitors[6]!, Date.now() - HOUR, null);
    await converse(visitors[7]!, hour - 40 * DAY, null);
    await converse(visitors[8]!, hour - 5 * DAY, null);
    await env.DB.prepare("UPDATE users SET blocked_at = 1 WHERE id = ?").bind(visitors[8]!).run();

    const profile = await dataOf<ApiAgencyPage>(await call(`/api/agency/${agency.slug}`));
    expect(profile.response).toEqual({
      window_days: 30,
      grace_days: 1,
      conversations: 6,
      answered: 4,
      answered_share: 0.667,
      median_reply_minutes: 25,
    });
    expect(profile.cities).toEqual([
      expect.objectContaining({ slug: cities[0]!.slug, listings: 2 }),
      expect.objectContaining({ slug: cities[1]!.slug, listings: 1 }),
    ]);
    // Awaiting the moderators' check: the number is not repeated.
    expect(profile.licence).toBe("awaiting");
    expect(profile).not.toHaveProperty("licence_number");
    await env.DB.prepare("UPDATE agencies SET licence_checked_at = 1 WHERE id = ?").bind(agency.id).run();
    const checked = await dataOf<ApiAgencyPage>(await call(`/api/agency/${agency.slug}`));
    expect(checked.licensed).toBe(true);
    expect(checked.licence_number).toBe("360-00-00999/2020-10");
  });

  it(`says nothing of its response below ${RESPONSE_MIN_CONVERSATIONS} conversations`, async () => {
    const agency = await agencyWithListings([1, 0]);
    const profile = await dataOf<ApiAgencyPage>(await call(`/api/agency/${agency.slug}`));
    expect(profile.response).toMatchObject({ conversations: 0, answered_share: null, median_reply_minutes: null });
  });
});

describe("the directory", () => {
  it("lists public agencies under each city they have public listings in", async () => {
    const agency = await agencyWithListings([1, 2]);
    const gone = await agencyWithListings([1, 0]);
    await env.DB.prepare("UPDATE users SET deleted_at = 1 WHERE id = ?").bind(gone.who.user.id).run();
    const { cities: listed } = await dataOf<ApiAgencyDirectory>(await call("/api/agencies"));
    const under = (slug: string) => listed.find((city) => city.slug === slug)?.agencies ?? [];
    expect(under(cities[0]!.slug)).toContainEqual(expect.objectContaining({ slug: agency.slug, listings: 1 }));
    expect(under(cities[1]!.slug)).toContainEqual(expect.objectContaining({ slug: agency.slug, listings: 2 }));
    expect(listed.flatMap((city) => city.agencies).some((a) => a.slug === gone.slug)).toBe(false);
  });
});

describe("the pages", () => {
  const page = (path: string) => call(path, { headers: { accept: "text/html" } });
  /** Whether a document has a text: a failure names the text, not the whole document. */
  const has = (html: string, text: string | RegExp, expected = true) =>
    expect(typeof text === "string" ? html.includes(text) : text.test(html), String(text)).toBe(expected);

  it("renders the agency's page in three languages with its JSON-LD, canonical and listings", async () => {
    const agency = await agencyWithListings([2, 1]);
    for (const prefix of ["", "/ru", "/sr"]) {
      const res = await page(`${prefix}/agency/${agency.slug}/`);
      expect(res.status, prefix).toBe(200);
      const html = await res.text();
      has(html, agency.name);
      has(html, '"@type":"RealEstateAgent"');
      has(html, new RegExp(`rel="canonical" href="[^"]*${prefix}/agency/${agency.slug}/"`));
      has(html, /rel="alternate" hreflang="ru"/i);
      for (const id of agency.listings) has(html, `data-listing-id="${id}"`);
      // The filter form submits to the agency's page: its path names the agency.
      has(html, new RegExp(`<form[^>]*action="${prefix}/agency/${agency.slug}/"`));
    }
    const filtered = await (await page(`/agency/${agency.slug}/?city=${cities[1]!.slug}`)).text();
    has(filtered, `data-listing-id="${agency.listings[2]}"`);
    has(filtered, `data-listing-id="${agency.listings[0]}"`, false);
  });

  it("names the agency by its path alone, sends a search to its one address, and answers 404 for an unknown one", async () => {
    const agency = await agencyWithListings([1, 0]);
    const other = await agencyWithListings([1, 0]);
    // Another agency's slug in the query is not read: this agency's listings, filtered.
    const html = await (await page(`/agency/${agency.slug}/?agency=${other.slug}&deal=sale`)).text();
    has(html, `data-listing-id="${agency.listings[0]}"`);
    has(html, `data-listing-id="${other.listings[0]}"`, false);
    // A form's empty fields and default sort: the search's one address, at the agency's page.
    const form = await page(`/agency/${agency.slug}/?deal=sale&price_min=&sort=newest`);
    expect(form.status).toBe(302);
    expect(form.headers.get("location")).toBe(`/agency/${agency.slug}/?deal=sale`);
    expect((await page("/agency/no-such-agency-here/")).status).toBe(404);
    expect((await page("/ru/agency/Bad_Slug/")).status).toBe(404);
  });

  it("lists the agencies by city and puts both in the sitemap", async () => {
    const agency = await agencyWithListings([1, 0]);
    for (const prefix of ["", "/ru", "/sr"]) {
      const html = await (await page(`${prefix}/agencies/`)).text();
      has(html, `${prefix}/agency/${agency.slug}/?city=${cities[0]!.slug}`);
    }
    const sitemap = await (await call("/sitemaps/agencies.xml")).text();
    has(sitemap, "/agencies/</loc>");
    has(sitemap, `/sr/agency/${agency.slug}/</loc>`);
    expect(await (await call("/sitemap.xml")).text()).toContain("/sitemaps/agencies.xml");
  });

  it("names the agency with its page on the listing's detail", async () => {
    const agency = await agencyWithListings([1, 0]);
    const detail = await dataOf<{ advertiser: { name: string; page?: string } }>(
      await call(`/api/realty/${agency.listings[0]}`),
    );
    expect(detail.advertiser).toMatchObject({ name: agency.name, page: `/agency/${agency.slug}/` });
  });
});
