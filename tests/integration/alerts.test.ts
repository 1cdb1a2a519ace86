/**
 * E-mail alerts (decision 041): the matching of new listings, the digests, the price drops of favourites,
 * their e-mails' unsubscribe links — through the scheduled job's steps (worker/workflows/alerts.ts) and the
 * Cron Trigger's handler, read back from the development outbox.
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OutboxItem } from "#shared/api/auth.ts";
import { canonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import {
  ALERT_DAILY_INTERVAL_MS,
  ALERT_DIGEST_MAX_LISTINGS,
  PRICE_DROP_NOTICE_INTERVAL_MS,
} from "#shared/constants.ts";
import { checkUnsubscribeToken, unsubscribeSigner } from "#worker/auth/unsubscribe-token.ts";
import { scheduled } from "#worker/scheduled.ts";
import { matchNewListings, runAlerts } from "#worker/workflows/alerts.ts";
import { call, outbox, uniqueEmail } from "./auth-fixtures.ts";

const ORIGIN = "http://localhost:8787";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let counter = 0;
/** A word no listing has: the searches of one test find only that test's listings. */
const marker = () => `alertmark${Math.floor(Math.random() * 1e9).toString(36)}x${(++counter).toString(36)}`;

let beograd: { city: number; district: number; districtSlug: string } | undefined;
async function places() {
  beograd ??= (await env.DB.prepare(
    `SELECT c.id AS city, d.id AS district, d.slug AS districtSlug FROM districts d JOIN cities c ON c.id = d.city_id
     WHERE c.slug = 'beograd' ORDER BY d.id LIMIT 1`,
  ).first<{ city: number; district: number; districtSlug: string }>())!;
  return beograd;
}

/** A person with a confirmed address (unless told), reading e-mail in `locale`. */
async function person(locale: "en" | "ru" | "sr" | null = "en", confirmed = true) {
  const email = uniqueEmail();
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, role, created_at, email_verified_at, locale) VALUES ('A', ?, 'user', 0, ?, ?) RETURNING id",
  )
    .bind(email, confirmed ? 1 : null, locale)
    .first<{ id: number }>();
  return { id: row!.id, email };
}

async function saveSearch(
  userId: number,
  query: SavedQuery,
  options: { notify?: boolean; frequency?: "daily" | "instant"; createdAt?: number; name?: string } = {},
) {
  const at = options.createdAt ?? Date.now() - DAY;
  const row = await env.DB.prepare(
    `INSERT INTO saved_searches (user_id, name, query, notify, frequency, created_at, updated_at, opened_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      userId,
      options.name ?? null,
      canonicalQuery(query),
      options.notify === false ? 0 : 1,
      options.frequency ?? "daily",
      at,
      at,
      at,
    )
    .first<{ id: number }>();
  return row!.id;
}

let owner: number | undefined;
let nextListing = 990_000 + Math.floor(Math.random() * 1000) * 20;

/** A 2-room flat for sale in Belgrade with `word` in its description, pending until `publish`. */
async function listing(word: string, values: { price?: number; rooms?: number; photo?: boolean } = {}) {
  owner ??= (await person()).id;
  const { city, district } = await places();
  const id = ++nextListing;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area, rooms,
       title, title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
     VALUES (?1, 4, 'sale', 'apartment', ?2, ?3, 'Kralja Petra 5', 44.81, 20.45, ?4, 58, ?5, ?6, 0, ?7, 'en', ?8,
       '+381601234567', 'pending', ?9, ?9, ?10)`,
  )
    .bind(
      id,
      city,
      district,
      values.price ?? 120_000,
      values.rooms ?? 2,
      `Sunny flat ${id} <b>&</b>`,
      `Quiet ${word} courtyard`,
      owner,
      now,
      now + 30 * DAY,
    )
    .run();
  if (values.photo !== false) {
    await env.DB.prepare(
      "INSERT INTO listing_images (listing_id, position, width, height, seed, photo_key) VALUES (?, 0, 1600, 1200, 1, ?)",
    )
      .bind(id, `alerts-test-${id}`)
      .run();
  }
  return id;
}

/** The listing goes public at `at` (an approval, a restore): the trigger records the activation. */
const publish = (id: number, at: number) =>
  env.DB.prepare("UPDATE listings SET status = 'active', updated_at = ? WHERE id = ?").bind(at, id).run();
const archive = (id: number, at: number) =>
  env.DB.prepare("UPDATE listings SET status = 'archived', updated_at = ? WHERE id = ?").bind(at, id).run();

const run = (now: number) => runAlerts(env, now, unsubscribeSigner(env));
const digests = async (email: string) => (await outbox(email)).filter((m) => m.purpose === "saved_search_digest");
const drops = async (email: string) => (await outbox(email)).filter((m) => m.purpose === "price_drop");

async function matches(searchId: number) {
  const { results } = await env.DB.prepare(
    "SELECT listing_id, state FROM saved_search_matches WHERE saved_search_id = ? ORDER BY listing_id",
  )
    .bind(searchId)
    .all<{ listing_id: number; state: string }>();
  return results;
}

/** The one-click token of an alert: every one carries both RFC 8058 headers. */
function oneClickToken(mail: OutboxItem): string {
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const address = /^<(http:\/\/localhost:8787\/api\/unsubscribe\/one-click\?token=([^>]+))>$/.exec(
    mail.headers["List-Unsubscribe"]!,
  );
  expect(address, mail.headers["List-Unsubscribe"]).not.toBeNull();
  return decodeURIComponent(address![2]!);
}

const listingUrl = (id: number, locale = "") => `${ORIGIN}${locale ? `/${locale}` : ""}/buy/apartment/beograd/${id}/`;

describe("saved-search digests", () => {
  it("a new listing matching two searches of one person is one e-mail, listed under both", async () => {
    const word = marker();
    const who = await person("en");
    const a = await saveSearch(who.id, { deal: "sale", city: "beograd", q: word });
    const b = await saveSearch(who.id, { type: [4], rooms: [2], q: word }, { name: "My <two> rooms & more" });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await run(t0);

    const [mail, ...more] = await digests(who.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("1 new listing for your saved searches");
    // Under both searches, in text and in HTML, with price, place, photo and link.
    expect(mail!.body.split(listingUrl(id)).length - 1).toBe(2);
    expect(mail!.body).toContain(`Property for sale, Belgrade, “${word}” (1 listing)`);
    expect(mail!.body).toContain("My <two> rooms & more");
    expect(mail!.body).toContain("€120,000");
    const html = mail!.html!;
    expect(html).toContain("<h2");
    expect(html).toContain("My &lt;two&gt; rooms &amp; more");
    expect(html).not.toContain("<two>");
    expect(html).toContain(`Sunny flat ${id} &lt;b&gt;&amp;&lt;/b&gt;`);
    expect(html).toContain(`src="${ORIGIN}/photos/alerts-test-${id}-480.webp"`);
    expect(html.split(`href="${listingUrl(id)}"`).length - 1).toBeGreaterThanOrEqual(2);
    // Two searches: the headers stop the list; each search has a link of its own.
    const token = oneClickToken(mail!);
    expect(await checkUnsubscribeToken(env, token, t0)).toMatchObject({
      ok: true,
      userId: who.id,
      scope: { kind: "list", list: "saved_searches" },
    });
    expect(mail!.body).toContain(`Unsubscribe from these alerts: ${ORIGIN}/unsubscribe/?token=${token}`);
    const stopLinks = [...mail!.body.matchAll(/Stop alerts for this search: \S+\?token=(\S+)/g)].map((m) => m[1]!);
    expect(stopLinks).toHaveLength(2);
    const scopes = await Promise.all(stopLinks.map((t) => checkUnsubscribeToken(env, decodeURIComponent(t), t0)));
    expect(scopes.map((s) => s.ok && s.scope)).toEqual([
      { kind: "saved_search", id: a },
      { kind: "saved_search", id: b },
    ]);

    expect(await matches(a)).toEqual([{ listing_id: id, state: "mailed" }]);
    expect(await matches(b)).toEqual([{ listing_id: id, state: "mailed" }]);
    // The next run sends nothing more.
    await run(t0 + 2 * DAY);
    expect(await digests(who.email)).toHaveLength(1);
  });

  it("notify off: no e-mail, but a quiet match (the cabinet's new count)", async () => {
    const word = marker();
    const who = await person();
    const off = await saveSearch(who.id, { q: word }, { notify: false });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await run(t0);
    expect(await matches(off)).toEqual([{ listing_id: id, state: "quiet" }]);
    expect(await digests(who.email)).toEqual([]);
  });

  it("never the same listing twice, also when it goes public again after the archive", async () => {
    const word = marker();
    const who = await person();
    const search = await saveSearch(who.id, { q: word }, { frequency: "instant" });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await run(t0);
    expect(await digests(who.email)).toHaveLength(1);
    await archive(id, t0 + HOUR);
    await publish(id, t0 + 2 * HOUR);
    await run(t0 + 2 * HOUR);
    await run(t0 + 3 * DAY);
    expect(await digests(who.email)).toHaveLength(1);
    expect(await matches(search)).toEqual([{ listing_id: id, state: "mailed" }]);
  });

  it("one's own listing is no news to one", async () => {
    const word = marker();
    owner ??= (await person()).id;
    const search = await saveSearch(owner, { q: word }, { frequency: "instant" });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await run(t0);
    expect(await matches(search)).toEqual([]);
  });

  it("a search saved after the listing went public does not get it", async () => {
    const word = marker();
    const who = await person();
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0 - HOUR);
    const search = await saveSearch(who.id, { q: word }, { createdAt: t0 });
    await run(t0);
    expect(await matches(search)).toEqual([]);
    expect(await digests(who.email)).toEqual([]);
  });

  it("instant searches are e-mailed each run, daily ones a day after the last digest", async () => {
    const word = marker();
    const daily = await person();
    const instant = await person();
    await saveSearch(daily.id, { q: word });
    await saveSearch(instant.id, { q: word }, { frequency: "instant" });
    const t0 = Date.now();
    const first = await listing(word);
    await publish(first, t0);
    await run(t0);
    expect(await digests(daily.email)).toHaveLength(1);
    expect(await digests(instant.email)).toHaveLength(1);

    const second = await listing(word);
    await publish(second, t0 + HOUR);
    await run(t0 + HOUR);
    expect(await digests(instant.email)).toHaveLength(2);
    expect((await digests(instant.email))[0]!.body).toContain(listingUrl(second));
    // The daily person waits a day from their last digest.
    expect(await digests(daily.email)).toHaveLength(1);
    await run(t0 + ALERT_DAILY_INTERVAL_MS - 1);
    expect(await digests(daily.email)).toHaveLength(1);
    await run(t0 + ALERT_DAILY_INTERVAL_MS);
    const [latest] = await digests(daily.email);
    expect(await digests(daily.email)).toHaveLength(2);
    expect(latest!.body).toContain(listingUrl(second));
    expect(latest!.body).not.toContain(listingUrl(first));
  });

  it("nothing to an unconfirmed address or one that left the list; their matches turn quiet", async () => {
    const word = marker();
    const unconfirmed = await person("en", false);
    const left = await person();
    const a = await saveSearch(unconfirmed.id, { q: word });
    const b = await saveSearch(left.id, { q: word });
    await env.DB.prepare(
      "INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?, 'saved_searches', 0, 0)",
    )
      .bind(left.email)
      .run();
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await run(t0);
    expect(await digests(unconfirmed.email)).toEqual([]);
    expect(await digests(left.email)).toEqual([]);
    expect(await matches(a)).toEqual([{ listing_id: id, state: "quiet" }]);
    expect(await matches(b)).toEqual([{ listing_id: id, state: "quiet" }]);
    // Confirming later sends no old news.
    await env.DB.prepare("UPDATE users SET email_verified_at = 1 WHERE id = ?").bind(unconfirmed.id).run();
    await run(t0 + 2 * DAY);
    expect(await digests(unconfirmed.email)).toEqual([]);
  });

  it(`shows at most ${ALERT_DIGEST_MAX_LISTINGS} listings and links to the rest, skipping those gone meanwhile`, async () => {
    const word = marker();
    const who = await person();
    await saveSearch(who.id, { deal: "sale", city: "beograd", q: word });
    const t0 = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < ALERT_DIGEST_MAX_LISTINGS + 3; i++) {
      const id = await listing(word, { photo: i % 2 === 0 });
      await publish(id, t0 + i);
      ids.push(id);
    }
    // Matched, then off the site before the digest: not shown, not counted.
    await matchNewListings(env, Date.now() + 10_000);
    await archive(ids[0]!, t0 + 100);
    await run(t0 + 200);
    const [mail] = await digests(who.email);
    const shown = ids
      .filter((id) => mail!.body.includes(listingUrl(id)))
      .sort((a, b) => mail!.body.indexOf(listingUrl(a)) - mail!.body.indexOf(listingUrl(b)));
    expect(shown).toHaveLength(ALERT_DIGEST_MAX_LISTINGS);
    // Newest first; the oldest public two are left for "see all".
    expect(shown).toEqual(ids.slice(3).reverse());
    const href = `/search/?deal=sale&city=beograd&q=${word}`;
    expect(mail!.body).toContain(`and 2 more — see all: ${ORIGIN}${href}`);
    expect(mail!.subject).toBe(`New listings: Property for sale, Belgrade, “${word}”`);
  });

  it("is written in the person's language; its one-click address stops exactly that search", async () => {
    const word = marker();
    const who = await person("ru");
    const one = await saveSearch(who.id, { type: [4], city: "beograd", q: word });
    const other = await saveSearch(who.id, { deal: "sale", q: word, price_max: 1_000_000 });
    const t0 = Date.now();
    // First only the first search matches (price above the other's limit).
    const first = await listing(word, { price: 2_000_000 });
    await publish(first, t0);
    await run(t0);
    const [mail] = await digests(who.email);
    expect(mail!.subject).toMatch(new RegExp(`^Новые объявления: \\S.*, Белград, «${word}»$`));
    expect(mail!.body).toContain(listingUrl(first, "ru"));
    expect(mail!.body).toMatch(/2\s000\s000\s€/);
    expect(mail!.html).toContain('<html lang="ru">');
    const token = oneClickToken(mail!);
    expect(await checkUnsubscribeToken(env, token, t0)).toMatchObject({ scope: { kind: "saved_search", id: one } });
    expect(mail!.body).toContain(`Отписаться от этих уведомлений: ${ORIGIN}/ru/unsubscribe/?token=${token}`);

    const res = await call(`/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      sameOrigin: false,
    });
    expect(res.status).toBe(200);
    const notify = await env.DB.prepare("SELECT id, notify FROM saved_searches WHERE user_id = ? ORDER BY id")
      .bind(who.id)
      .all<{ id: number; notify: number }>();
    expect(notify.results).toEqual([
      { id: one, notify: 0 },
      { id: other, notify: 1 },
    ]);
    const lists = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_subscriptions WHERE email = ?")
      .bind(who.email)
      .first<{ n: number }>();
    expect(lists!.n).toBe(0);

    // The next listing matches both: only the other search is e-mailed.
    const second = await listing(word);
    await publish(second, t0 + HOUR);
    await run(t0 + 2 * DAY);
    const [next] = await digests(who.email);
    expect(await digests(who.email)).toHaveLength(2);
    expect(next!.subject).toMatch(/^Новые объявления: Недвижимость на продажу/);
    expect(await matches(one)).toContainEqual({ listing_id: second, state: "quiet" });
  });

  it("Serbian, and through the Cron Trigger's handler", async () => {
    const word = marker();
    const who = await person("sr");
    await saveSearch(who.id, { type: [4], city: "beograd", district: (await places()).districtSlug, q: word });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    await scheduled(createScheduledController({ scheduledTime: t0, cron: "*/5 * * * *" }), env);
    const [mail] = await digests(who.email);
    expect(mail!.subject).toMatch(new RegExp(`^Novi oglasi: \\S.*, Beograd, „${word}“$`));
    expect(mail!.body).toContain(listingUrl(id, "sr"));
    expect(mail!.body).toContain(
      "Upravljajte sačuvanim pretragama i obaveštenjima: " + `${ORIGIN}/sr/cabinet/saved-searches/`,
    );
  });

  it("a run out of time leaves the rest of the matching to the next run", async () => {
    const word = marker();
    const who = await person();
    const search = await saveSearch(who.id, { q: word });
    const t0 = Date.now();
    const id = await listing(word);
    await publish(id, t0);
    const late = await matchNewListings(env, Date.now() - 1);
    expect(late.batches).toBe(0);
    expect(late.left).toBeGreaterThan(0);
    expect(await matches(search)).toEqual([]);
    const next = await matchNewListings(env, Date.now() + 10_000);
    expect(next.left).toBe(0);
    expect(await matches(search)).toEqual([{ listing_id: id, state: "pending" }]);
  });
});

describe("price drops of favourites", () => {
  /** A listing in `who`'s favourites, public since yesterday, at €200,000. */
  async function favourite(who: { id: number }) {
    const id = await listing(marker(), { price: 200_000 });
    await publish(id, Date.now() - DAY);
    await env.DB.prepare("INSERT INTO favourites (user_id, listing_id, created_at) VALUES (?, ?, 0)")
      .bind(who.id, id)
      .run();
    return id;
  }
  const price = (id: number, value: number, at: number) =>
    env.DB.prepare("UPDATE listings SET price = ?, updated_at = ? WHERE id = ?").bind(value, at, id).run();

  it("a drop is e-mailed; again within a week not, after a week again; a rise never", async () => {
    const who = await person("en");
    const id = await favourite(who);
    const t0 = Date.now();
    await price(id, 180_000, t0);
    await run(t0);
    const [mail, ...more] = await drops(who.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Price reduced: Sunny flat ${id} <b>&</b>`);
    expect(mail!.body).toContain("€200,000 → €180,000");
    expect(mail!.body).toContain(listingUrl(id));
    expect(mail!.html).toContain("<s");
    expect(mail!.html).toContain(`src="${ORIGIN}/photos/alerts-test-${id}-480.webp"`);
    const token = oneClickToken(mail!);
    expect(await checkUnsubscribeToken(env, token, t0)).toMatchObject({
      ok: true,
      userId: who.id,
      scope: { kind: "list", list: "price_drops" },
    });
    expect(mail!.body).toContain(`No more e-mails about price drops: ${ORIGIN}/unsubscribe/?token=${token}`);

    await price(id, 170_000, t0 + DAY);
    await run(t0 + DAY);
    expect(await drops(who.email)).toHaveLength(1);
    await price(id, 190_000, t0 + 2 * DAY);
    await run(t0 + PRICE_DROP_NOTICE_INTERVAL_MS + HOUR);
    expect(await drops(who.email)).toHaveLength(1);
    await price(id, 160_000, t0 + PRICE_DROP_NOTICE_INTERVAL_MS + 2 * HOUR);
    await run(t0 + PRICE_DROP_NOTICE_INTERVAL_MS + 2 * HOUR);
    const [latest] = await drops(who.email);
    expect(await drops(who.email)).toHaveLength(2);
    expect(latest!.body).toContain("€190,000 → €160,000");
  });

  it("one e-mail for several favourites; none when the drop was taken back", async () => {
    const who = await person("sr");
    const a = await favourite(who);
    const b = await favourite(who);
    const c = await favourite(who);
    const t0 = Date.now();
    await price(a, 150_000, t0);
    await price(b, 199_000, t0);
    await price(c, 100_000, t0);
    await price(c, 250_000, t0 + 1);
    await run(t0 + 2);
    const [mail, ...more] = await drops(who.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Snižene cene u vašim omiljenim oglasima");
    expect(mail!.body).toContain(listingUrl(a, "sr"));
    expect(mail!.body).toContain(listingUrl(b, "sr"));
    expect(mail!.body).not.toContain(listingUrl(c, "sr"));
  });

  it("nothing to an unconfirmed address, one off the list, or for a listing no longer public", async () => {
    const unconfirmed = await person("en", false);
    const left = await person();
    const gone = await person();
    const x = await favourite(unconfirmed);
    const y = await favourite(left);
    const z = await favourite(gone);
    await env.DB.prepare(
      "INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?, 'price_drops', 0, 0)",
    )
      .bind(left.email)
      .run();
    const t0 = Date.now();
    await price(x, 100_000, t0);
    await price(y, 100_000, t0);
    await price(z, 100_000, t0);
    await archive(z, t0 + 1);
    await run(t0 + 2);
    for (const who of [unconfirmed, left, gone]) expect(await drops(who.email)).toEqual([]);
  });
});
