/**
 * The saved-search endpoints (shared/api/saved-searches.ts, decision 041): signed-in only, the
 * same filters one row, SAVED_SEARCHES_MAX, validation naming the field, alerts on and off, new listings
 * since opened, and a guest's cookie joining the account at sign-in (product §4).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SAVED_SEARCH_COOKIE_NAME, SAVED_SEARCH_NEW_COUNT_MAX, SAVED_SEARCHES_MAX } from "#shared/constants.ts";
import { canonicalQuery, type SavedQuery, type SavedSearch } from "#shared/api/saved-searches.ts";
import { type GuestSavedSearch, serializeGuestSearches, withGuestSearch } from "#shared/saved-search-cookie.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, errorOf, formPost, Jar, ORIGIN, passwordAccount, signUpByPhone, uniqueIp } from "./auth-fixtures.ts";

const VRACAR: SavedQuery = { deal: "sale", type: [4], city: "beograd", district: "vracar", price_max: 150_000 };

const save = (jar: Jar, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("/api/saved-search", { body, jar, headers });
const list = async (jar: Jar, headers: Record<string, string> = {}) =>
  (await (await call("/api/saved-searches", { jar, headers })).json<{ items: SavedSearch[]; total: number }>()).items;
const dataOf = async (res: Response) => (await res.json<{ data: SavedSearch }>()).data;

/** `count` saved searches of the user written straight into D1 (queries no test saves through the API). */
async function fill(userId: number, count: number, now = 1_000) {
  await env.DB.batch(
    Array.from({ length: count }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO saved_searches (user_id, query, created_at, updated_at, opened_at) VALUES (?1, ?2, ?3, ?3, ?3)",
      ).bind(userId, canonicalQuery({ price_min: 10_000 + i }), now + i),
    ),
  );
}

const rowCount = async (userId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM saved_searches WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

const cookieLine = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${SAVED_SEARCH_COOKIE_NAME}=`));

/** The guest cookie's value holding these searches, the first the newest. */
function guestCookie(entries: { query: SavedQuery; name?: string }[], at = Date.now() - 60_000): string {
  let searches: GuestSavedSearch[] = [];
  for (const [i, entry] of [...entries].reverse().entries())
    searches = withGuestSearch(searches, entry.query, entry.name ?? null, at + i);
  return serializeGuestSearches(searches);
}

/** Signs in by password with the guest's cookie along, as the sign-in dialog's request carries it. */
async function signInWithCookie(cookie: string) {
  const account = await passwordAccount("correct horse battery");
  const jar = new Jar();
  const res = await call("/api/auth/login", {
    body: { login: account.email, password: "correct horse battery", remember_me: false },
    jar,
    ip: uniqueIp(),
    headers: { cookie: `${SAVED_SEARCH_COOKIE_NAME}=${cookie}` },
  });
  expect(res.status).toBe(200);
  return { account, jar, res };
}

let activeIds: number[] = [];
let hiddenId = 0;
beforeAll(async () => {
  const active = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 3").all<{
    id: number;
  }>();
  activeIds = active.results.map((r) => r.id);
  hiddenId = (await env.DB.prepare("SELECT id FROM listings WHERE status <> 'active' LIMIT 1").first<{ id: number }>())!
    .id;
});

describe("saving a search", () => {
  it("answers 201 with the new search, named from its filters in the request's language", async () => {
    const { jar } = await signUpByPhone();
    const res = await save(jar, { query: { ...VRACAR, sort: "price_asc", page: 2 } });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const search = await dataOf(res);
    expect(search).toMatchObject({ name: null, query: VRACAR, notify: true, frequency: "daily", new_count: 0 });
    expect(search.label).toContain("Vračar");
    expect(search.label).toContain("Belgrade");
    const [ru] = await list(jar, { "accept-language": "ru" });
    expect(ru!.label).toContain("Белград");
    const sr = await (await call("/api/saved-searches?locale=sr", { jar })).json<{ items: SavedSearch[] }>();
    expect(sr.items[0]!.label).toContain("Beograd");
  });

  it("gives the same filters back as the same search, 200, whatever their order", async () => {
    const { jar } = await signUpByPhone();
    const first = await save(jar, { query: { rooms: [3, 2], city: "beograd" }, name: "Dva ili tri" });
    expect(first.status).toBe(201);
    const again = await save(jar, { query: { city: "beograd", rooms: ["2", "3"] }, notify: false });
    expect(again.status).toBe(200);
    const [a, b] = [await dataOf(first), await dataOf(again)];
    expect(b.id).toBe(a.id);
    // Saved again, it is the one there was: its name and alerts unchanged.
    expect(b).toMatchObject({ name: "Dva ili tri", label: "Dva ili tri", notify: true });
    expect(await list(jar)).toHaveLength(1);
  });

  it("makes one row of a double click", async () => {
    const { jar, user } = await signUpByPhone();
    const [x, y] = await Promise.all([save(jar, { query: VRACAR }), save(jar, { query: VRACAR })]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(await rowCount(user.id)).toBe(1);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX}: the next is 409 limit_reached and no row`, async () => {
    const { jar, user } = await signUpByPhone();
    await fill(user.id, SAVED_SEARCHES_MAX - 2);
    expect((await save(jar, { query: { deal: "rent" } })).status).toBe(201);
    // Two different searches at once at the last place: one gets it.
    const pair = await Promise.all([save(jar, { query: VRACAR }), save(jar, { query: { deal: "sale" } })]);
    expect(pair.map((r) => r.status).sort()).toEqual([201, 409]);
    const over = await save(jar, { query: { city: "novi-sad" } });
    expect(over.status).toBe(409);
    expect((await errorOf(over)).code).toBe("limit_reached");
    expect(await rowCount(user.id)).toBe(SAVED_SEARCHES_MAX);
    // One already saved is still found at the limit.
    expect((await save(jar, { query: { deal: "rent" } })).status).toBe(200);
  });

  it("refuses bad input naming the field (400), never a row", async () => {
    const { jar, user } = await signUpByPhone();
    const cases: [Record<string, unknown>, string][] = [
      [{ query: { price_max: "abc" } }, "query.price_max"],
      [{ query: { price_min: 500, price_max: 100 } }, "query.price_max"],
      [{ query: { bounds: "44.7,20.3,44.9,20.6" } }, "query.bounds"],
      [{ query: { rooms: [2, 9] } }, "query.rooms.1"],
      [{ query: { city: "atlantis" } }, "query.city"],
      [{ query: { city: "beograd", district: "liman" } }, "query.district"],
      [{ query: { district: "vracar" } }, "query.district"],
      [{ query: {}, name: "x".repeat(121) }, "name"],
      [{ query: {}, frequency: "hourly" }, "frequency"],
      [{ query: "deal=sale" }, "query"],
      [{}, "query"],
    ];
    for (const [body, field] of cases) {
      const res = await save(jar, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await rowCount(user.id)).toBe(0);
  });
});

describe("the person's saved searches", () => {
  it("are 401 for guests, every endpoint", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/saved-searches"],
      ["POST", "/api/saved-searches/search", { query: {} }],
      ["POST", "/api/saved-search", { query: {} }],
      ["POST", "/api/saved-search/set-notify", { id: 1, notify: true }],
      ["POST", "/api/saved-search/rename", { id: 1, name: "x" }],
      ["DELETE", "/api/saved-search/1"],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists newest first, finds one by its filters, renames and deletes", async () => {
    const { jar } = await signUpByPhone();
    const older = await dataOf(await save(jar, { query: { deal: "rent", city: "novi-sad" } }));
    const newer = await dataOf(await save(jar, { query: VRACAR, name: "Vračar" }));
    const items = await list(jar);
    expect(items.map((s) => s.id)).toEqual([newer.id, older.id]);

    const found = await call("/api/saved-searches/search", {
      body: { query: { city: "novi-sad", deal: "rent" } },
      jar,
    });
    expect((await dataOf(found)).id).toBe(older.id);
    const none = await call("/api/saved-searches/search", { body: { query: { deal: "sale" } }, jar });
    expect(await none.json()).toEqual({ data: null });

    const renamed = await call("/api/saved-search/rename", { body: { id: older.id, name: "  Novi Sad  " }, jar });
    expect(await dataOf(renamed)).toMatchObject({ name: "Novi Sad", label: "Novi Sad" });
    for (const name of ["", null]) {
      const reset = await dataOf(await call("/api/saved-search/rename", { body: { id: older.id, name }, jar }));
      expect(reset.name).toBeNull();
      expect(reset.label).toBe(older.label);
    }

    const deleted = await call(`/api/saved-search/${newer.id}`, { method: "DELETE", jar });
    expect(await deleted.json()).toEqual({ data: { id: newer.id } });
    expect((await list(jar)).map((s) => s.id)).toEqual([older.id]);
    expect((await call(`/api/saved-search/${newer.id}`, { method: "DELETE", jar })).status).toBe(404);
  });

  it("answers another person's id as a missing one (404), and changes nothing", async () => {
    const owner = await signUpByPhone();
    const theirs = await dataOf(await save(owner.jar, { query: VRACAR, name: "Mine" }));
    const { jar } = await signUpByPhone();
    const attempts = [
      call("/api/saved-search/set-notify", { body: { id: theirs.id, notify: false }, jar }),
      call("/api/saved-search/rename", { body: { id: theirs.id, name: "Stolen" }, jar }),
      call(`/api/saved-search/${theirs.id}`, { method: "DELETE", jar }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
    expect(await list(owner.jar)).toMatchObject([{ id: theirs.id, name: "Mine", notify: true }]);
  });

  it("validates ids, naming `id`", async () => {
    const { jar } = await signUpByPhone();
    for (const res of [
      await call("/api/saved-search/set-notify", { body: { id: "x", notify: true }, jar }),
      await call("/api/saved-search/set-notify", { body: { id: 0, notify: true }, jar }),
      await call("/api/saved-search/rename", { body: { id: 1.5, name: "a" }, jar }),
      await call("/api/saved-search/abc", { method: "DELETE", jar }),
    ]) {
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["id"]);
    }
    const notify = await call("/api/saved-search/set-notify", { body: { id: 1, notify: "yes" }, jar });
    expect(Object.keys((await errorOf(notify)).fields ?? {})).toEqual(["notify"]);
  });
});

describe("alerts on and off", () => {
  it("turning them off makes the search's waiting matches quiet, and only that search's", async () => {
    const { jar } = await signUpByPhone();
    const one = await dataOf(await save(jar, { query: VRACAR }));
    const other = await dataOf(await save(jar, { query: { deal: "rent" } }));
    await env.DB.batch(
      [one.id, other.id].flatMap((id) => [
        env.DB.prepare(
          "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, 1, 'pending')",
        ).bind(id, activeIds[0]),
        env.DB.prepare(
          "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, 1, 'mailed')",
        ).bind(id, activeIds[1]),
      ]),
    );
    const off = await call("/api/saved-search/set-notify", { body: { id: one.id, notify: false }, jar });
    expect(await dataOf(off)).toMatchObject({ id: one.id, notify: false, frequency: "daily" });
    const states = await env.DB.prepare(
      "SELECT saved_search_id AS id, listing_id, state FROM saved_search_matches WHERE saved_search_id IN (?, ?) ORDER BY saved_search_id, listing_id",
    )
      .bind(one.id, other.id)
      .all();
    expect(states.results).toEqual([
      { id: one.id, listing_id: activeIds[0], state: "quiet" },
      { id: one.id, listing_id: activeIds[1], state: "mailed" },
      { id: other.id, listing_id: activeIds[0], state: "pending" },
      { id: other.id, listing_id: activeIds[1], state: "mailed" },
    ]);
    const instant = await call("/api/saved-search/set-notify", {
      body: { id: one.id, notify: true, frequency: "instant" },
      jar,
    });
    expect(await dataOf(instant)).toMatchObject({ notify: true, frequency: "instant" });
  });

  it("turning them on puts an address that left the saved-search e-mails back on the list", async () => {
    const { account, jar } = await signInWithCookie("");
    const subscribed = () =>
      env.DB.prepare("SELECT subscribed FROM email_subscriptions WHERE email = ? AND list = 'saved_searches'")
        .bind(account.email)
        .first<{ subscribed: number }>();
    const search = await dataOf(await save(jar, { query: VRACAR, notify: false }));
    expect(await subscribed()).toBeNull();
    await env.DB.prepare(
      "INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?, 'saved_searches', 0, 1)",
    )
      .bind(account.email)
      .run();
    // Off stays off; saving the same search again asks for nothing new.
    await call("/api/saved-search/set-notify", { body: { id: search.id, notify: false }, jar });
    await save(jar, { query: VRACAR });
    expect(await subscribed()).toEqual({ subscribed: 0 });
    await call("/api/saved-search/set-notify", { body: { id: search.id, notify: true }, jar });
    expect(await subscribed()).toEqual({ subscribed: 1 });

    // A new search saved with alerts on does the same.
    await env.DB.prepare("UPDATE email_subscriptions SET subscribed = 0 WHERE email = ? AND list = 'saved_searches'")
      .bind(account.email)
      .run();
    expect((await save(jar, { query: { deal: "rent" }, notify: true })).status).toBe(201);
    expect(await subscribed()).toEqual({ subscribed: 1 });
  });

  it("an account without an e-mail address joins no list", async () => {
    const { jar } = await signUpByPhone();
    const search = await dataOf(await save(jar, { query: VRACAR, notify: false }));
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_subscriptions").first<{ n: number }>();
    expect((await call("/api/saved-search/set-notify", { body: { id: search.id, notify: true }, jar })).status).toBe(
      200,
    );
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM email_subscriptions").first()).toEqual(before);
  });
});

describe("new listings since the search was last opened", () => {
  it("counts matches after opened_at whose listing is public; opening it starts again", async () => {
    const { jar } = await signUpByPhone();
    const search = await dataOf(await save(jar, { query: VRACAR }));
    await env.DB.batch([
      env.DB.prepare("UPDATE saved_searches SET opened_at = 1000 WHERE id = ?").bind(search.id),
      ...[
        [activeIds[0], 500],
        [activeIds[1], 2000],
        [activeIds[2], 3000],
        [hiddenId, 3000],
      ].map(([listing, at]) =>
        env.DB.prepare(
          "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, ?, 'mailed')",
        ).bind(search.id, listing, at),
      ),
    ]);
    expect((await list(jar))[0]!.new_count).toBe(2);
    const looked = await call("/api/saved-searches/search", { body: { query: VRACAR }, jar });
    expect(await dataOf(looked)).toMatchObject({ new_count: 2, opened_at: "1970-01-01T00:00:01.000Z" });

    // A listing that leaves the site is no longer counted.
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(activeIds[2]).run();
    expect((await list(jar))[0]!.new_count).toBe(1);
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(activeIds[2]).run();

    const opened = await dataOf(
      await call("/api/saved-searches/search", { body: { query: VRACAR, opened: true }, jar }),
    );
    expect(opened.new_count).toBe(0);
    expect(opened.opened_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(opened.opened_at)).toBeGreaterThan(1000);
    expect(opened.created_at).toBe(search.created_at);
    expect(Date.parse(search.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const [after] = await list(jar);
    expect(after).toMatchObject({ new_count: 0, opened_at: opened.opened_at });
  });

  it(`counts up to ${SAVED_SEARCH_NEW_COUNT_MAX} and says there are more, as the cabinet shows it`, async () => {
    const { jar } = await signUpByPhone();
    const search = await dataOf(await save(jar, { query: VRACAR }));
    const listed = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL ORDER BY id LIMIT ?",
    )
      .bind(SAVED_SEARCH_NEW_COUNT_MAX + 1)
      .all<{ id: number }>();
    const ids = listed.results.map((row) => row.id);
    expect(ids).toHaveLength(SAVED_SEARCH_NEW_COUNT_MAX + 1);
    const match = (listing: number) =>
      env.DB.prepare(
        "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, ?, 'mailed')",
      ).bind(search.id, listing, Date.now() + 60_000);
    const cabinet = async () =>
      (
        await SELF.fetch(`${ORIGIN}/cabinet/saved-searches/`, {
          headers: { "user-agent": BROWSER_UA, cookie: jar.header() },
        })
      ).text();

    // Exactly the most it counts: the count as it is.
    await env.DB.batch(ids.slice(0, SAVED_SEARCH_NEW_COUNT_MAX).map(match));
    expect((await list(jar))[0]).toMatchObject({ new_count: SAVED_SEARCH_NEW_COUNT_MAX, new_count_capped: false });
    expect(await cabinet()).toContain(`${SAVED_SEARCH_NEW_COUNT_MAX} new listings`);
    // One more: the same count, and "more".
    await match(ids.at(-1)!).run();
    expect((await list(jar))[0]).toMatchObject({ new_count: SAVED_SEARCH_NEW_COUNT_MAX, new_count_capped: true });
    const page = await cabinet();
    expect(page).toContain(`${SAVED_SEARCH_NEW_COUNT_MAX}+ new listings`);
  });

  it("deleting the account deletes its saved searches and their matches", async () => {
    const { jar, user } = await signUpByPhone();
    const search = await dataOf(await save(jar, { query: VRACAR }));
    await env.DB.prepare(
      "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, 1, 'pending')",
    )
      .bind(search.id, activeIds[0])
      .run();
    expect((await call("/api/cabinet/delete-account", { method: "DELETE", jar })).status).toBe(200);
    expect(await rowCount(user.id)).toBe(0);
    const matches = await env.DB.prepare("SELECT COUNT(*) AS n FROM saved_search_matches WHERE saved_search_id = ?")
      .bind(search.id)
      .first<{ n: number }>();
    expect(matches!.n).toBe(0);
  });

  it("deleting a search deletes its matches", async () => {
    const { jar } = await signUpByPhone();
    const search = await dataOf(await save(jar, { query: VRACAR }));
    await env.DB.prepare(
      "INSERT INTO saved_search_matches (saved_search_id, listing_id, matched_at, state) VALUES (?, ?, 1, 'pending')",
    )
      .bind(search.id, activeIds[0])
      .run();
    await call(`/api/saved-search/${search.id}`, { method: "DELETE", jar });
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM saved_search_matches WHERE saved_search_id = ?")
      .bind(search.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("a guest's saved searches at sign-in (product §4)", () => {
  it("join the account, alerts off, names kept, and the cookie is cleared in the same answer", async () => {
    const cookie = guestCookie([{ query: VRACAR, name: "Vračar; 50% jeftinije" }, { query: { deal: "rent" } }]);
    const { jar, res } = await signInWithCookie(cookie);
    expect(cookieLine(res)).toMatch(/^saved_search=;.*Max-Age=0/);
    const items = await list(jar);
    expect(items.map((s) => [s.query, s.name, s.notify, s.new_count])).toEqual([
      [VRACAR, "Vračar; 50% jeftinije", false, 0],
      [{ deal: "rent" }, null, false, 0],
    ]);
  });

  it("keeps the account's own, adding only what it lacks", async () => {
    const { account, jar } = await signInWithCookie("");
    await save(jar, { query: VRACAR, name: "Account's" });
    const second = await call("/api/auth/login", {
      body: { login: account.email, password: "correct horse battery", remember_me: false },
      jar: new Jar(),
      ip: uniqueIp(),
      headers: {
        cookie: `${SAVED_SEARCH_COOKIE_NAME}=${guestCookie([{ query: VRACAR, name: "Guest's" }, { query: { deal: "sale" } }])}`,
      },
    });
    expect(second.status).toBe(200);
    const items = await list(jar);
    expect(items.map((s) => s.name ?? s.query)).toEqual(expect.arrayContaining(["Account's", { deal: "sale" }]));
    expect(items).toHaveLength(2);
  });

  it("ignores a corrupt cookie and clears it", async () => {
    for (const value of ["%E0%A4%A", "not-json", encodeURIComponent('[{"q":"price_max=abc"}]')]) {
      const { jar, res } = await signInWithCookie(value);
      expect(cookieLine(res), value).toMatch(/Max-Age=0/);
      expect(await list(jar)).toEqual([]);
    }
  });

  it(`never goes beyond ${SAVED_SEARCHES_MAX}: the newest of the cookie's get the room there is`, async () => {
    const { account, jar } = await signInWithCookie("");
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(account.email)
      .first<{ id: number }>();
    await fill(user!.id, SAVED_SEARCHES_MAX - 2);
    const res = await call("/api/auth/login", {
      body: { login: account.email, password: "correct horse battery", remember_me: false },
      ip: uniqueIp(),
      headers: {
        cookie: `${SAVED_SEARCH_COOKIE_NAME}=${guestCookie([
          { query: { city: "beograd" } },
          { query: { city: "novi-sad" } },
          { query: { city: "nis" } },
          { query: { deal: "rent" } },
        ])}`,
      },
    });
    expect(res.status).toBe(200);
    expect(await rowCount(user!.id)).toBe(SAVED_SEARCHES_MAX);
    const queries = (await list(jar)).map((s) => s.query);
    expect(queries).toEqual(expect.arrayContaining([{ city: "beograd" }, { city: "novi-sad" }]));
    expect(queries).not.toContainEqual({ city: "nis" });
  });

  it("the same through the sign-in form without JavaScript (the page's action signs in in-process)", async () => {
    const account = await passwordAccount("correct horse battery");
    const jar = new Jar();
    jar.cookies.set(SAVED_SEARCH_COOKIE_NAME, guestCookie([{ query: VRACAR }]));
    const res = await formPost(
      "/auth/",
      { mode: "signin", via: "email", intent: "login", identity: account.email, password: "correct horse battery" },
      jar,
    );
    expect(res.status).toBe(302);
    expect(cookieLine(res)).toMatch(/Max-Age=0/);
    jar.take(res);
    expect(jar.get(SAVED_SEARCH_COOKIE_NAME)).toBeUndefined();
    expect((await list(jar)).map((s) => s.query)).toEqual([VRACAR]);
  });

  it("a bearer client's sign-in neither merges nor clears the cookie", async () => {
    const account = await passwordAccount("correct horse battery");
    const res = await call("/api/auth/login", {
      body: { login: account.email, password: "correct horse battery", remember_me: false },
      ip: uniqueIp(),
      headers: { "x-auth-mode": "bearer", cookie: `${SAVED_SEARCH_COOKIE_NAME}=${guestCookie([{ query: VRACAR }])}` },
    });
    expect(res.status).toBe(200);
    expect(cookieLine(res)).toBeUndefined();
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(account.email)
      .first<{ id: number }>();
    expect(await rowCount(user!.id)).toBe(0);
  });

  it("a signed-in page with the cookie still on merges it and clears it", async () => {
    const { jar, user } = await signUpByPhone();
    const res = await SELF.fetch(`${ORIGIN}/`, {
      redirect: "manual",
      headers: {
        "user-agent": BROWSER_UA,
        cookie: `${jar.header()}; ${SAVED_SEARCH_COOKIE_NAME}=${guestCookie([{ query: VRACAR, name: "From a tab" }])}`,
      },
    });
    expect(res.status).toBe(200);
    expect(cookieLine(res)).toMatch(/Max-Age=0/);
    expect(await rowCount(user.id)).toBe(1);
    expect((await list(jar))[0]).toMatchObject({ name: "From a tab", query: VRACAR, notify: false });
  });
});
