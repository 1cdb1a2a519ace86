/**
 * Decision 094: the home, search, list, detail and media pages are kept once for everyone. A kept page is
 * rendered as nobody, whoever asked; each visitor with something of their own gets it made theirs at the
 * edge (their data as JSON, and the parts a browser without JavaScript shows), sent `private, no-store`;
 * `GET /api/visitor` answers the same for them alone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseCanonicalQuery } from "#shared/api/saved-searches.ts";
import { serializeGuestSearches } from "#shared/saved-search-cookie.ts";
import { VISITOR_DATA_ID, type Visitor } from "#shared/visitor.ts";
import { call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { viewKept } from "./kept-page-fixtures.ts";

/**
 * The page as `cookie`'s visitor sees it. Their D1 bookmark (decision 092) is left out unless `keepBookmark`:
 * for its few minutes after a write it has the page rendered afresh, and these tests are about the kept copy.
 */
const view = (path: string, cookie = "", extra: Record<string, string> = {}, keepBookmark = false) =>
  viewKept(path, cookie, { extra, keepBookmark });

/** The visitor the edge wrote into the page, if any. */
function visitorIn(html: string): Visitor | undefined {
  const json = new RegExp(`<script type="application/json" id="${VISITOR_DATA_ID}">(.*?)</script>`).exec(html)?.[1];
  return json ? (JSON.parse(json) as Visitor) : undefined;
}

/** The heart of listing `id`: its form's markup up to the button's end. */
const heartOf = (html: string, id: number) =>
  new RegExp(`<form[^>]*data-favourite="${id}"[\\s\\S]*?</button>`).exec(html)?.[0] ?? "";
const pressed = (html: string, id: number) => /aria-pressed="true"/.test(heartOf(html, id));
/** The "Save search" control, up to its status line. */
const controlOf = (html: string) => /<div[^>]*id="save-search"[\s\S]*?<p[^>]*role="status"/.exec(html)?.[0] ?? "";
const firstHeart = (html: string) => Number(/data-favourite="(\d+)"/.exec(html)?.[1]);

/**
 * A fresh address of a list page (one kept entry per test, and per run: the data centre's cache outlives
 * one): a price limit above every rent, so the same listings.
 */
const listPage = () => `/rent/apartment/?price_max=${90_000_000 + Math.floor(Math.random() * 9_000_000)}`;

let alice: SignedIn;
let bob: SignedIn;
const aliceName = `Alisa Čuvarka ${Math.random().toString(36).slice(2, 8)}`;
const bobName = `Bojan Drugi ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  [alice, bob] = [await signUpByPhone({ name: aliceName }), await signUpByPhone({ name: bobName })];
});

async function favourite(who: SignedIn, id: number) {
  const res = await call("/api/cabinet/realties/add-favorite", { body: { id }, jar: who.jar });
  expect(res.status).toBe(200);
}

describe("a page kept for everyone", () => {
  it("is rendered as nobody when a signed-in visitor asks first, and made theirs on the way out", async () => {
    const probe = await view(listPage());
    const id = firstHeart(probe.html);
    expect(id).toBeGreaterThan(0);
    await favourite(alice, id);

    const page = listPage();
    const theirs = await view(page, alice.jar.header());
    expect([theirs.status, theirs.cache, theirs.cacheControl]).toEqual([200, "miss", "private, no-store"]);
    expect(visitorIn(theirs.html)?.user?.name).toBe(aliceName);
    expect(visitorIn(theirs.html)?.favourites).toContain(id);
    // Without JavaScript: their heart, their account in the header, no sign-in link shown.
    expect(pressed(theirs.html, id)).toBe(true);
    expect(theirs.html).toMatch(/<a[^>]*data-visitor="signin"[^>]*hidden/);
    expect(theirs.html).toContain(`title="${aliceName}"`);
    expect(theirs.html).toContain('name="intent" value="signout"');

    // What was kept is nobody's: a guest gets it as it was stored, without a trace of her.
    const guest = await view(page);
    expect([guest.status, guest.cache]).toEqual([200, "hit"]);
    expect(guest.html).not.toContain(aliceName);
    expect(guest.html).not.toContain(VISITOR_DATA_ID);
    expect(guest.html).not.toContain('value="signout"');
    expect(pressed(guest.html, id)).toBe(false);
    expect(guest.cacheControl ?? "").not.toContain("private");
  });

  it("gives another signed-in visitor the kept copy with their own parts, none of the first's", async () => {
    const page = listPage();
    const first = await view(page, alice.jar.header());
    expect(first.cache).toBe("miss");
    const id = firstHeart(first.html);
    await favourite(bob, id);
    // Just after his write, Bob's bookmark has the page rendered for him, still with nothing of Alice's.
    const fresh = await view(page, bob.jar.header(), {}, true);
    expect([fresh.status, fresh.cache, fresh.cacheControl]).toEqual([200, "miss", "private, no-store"]);
    expect(fresh.html).not.toContain(aliceName);
    expect(pressed(fresh.html, id)).toBe(true);
    const second = await view(page, bob.jar.header());
    expect([second.status, second.cache, second.cacheControl]).toEqual([200, "hit", "private, no-store"]);
    expect(second.html).not.toContain(aliceName);
    expect(second.html).toContain(`title="${bobName}"`);
    expect(visitorIn(second.html)?.user?.id).toBe(bob.user.id);
    expect(pressed(second.html, id)).toBe(true);
  });

  it("makes a guest's favourites theirs: hearts pressed, no account, never stored", async () => {
    const page = listPage();
    const plain = await view(page);
    const id = firstHeart(plain.html);
    const guest = await view(page, `favourites=${id}`);
    expect([guest.cache, guest.cacheControl]).toEqual(["hit", "private, no-store"]);
    expect(pressed(guest.html, id)).toBe(true);
    expect(heartOf(guest.html, id)).toContain('name="intent" value="remove"');
    expect(visitorIn(guest.html)).toMatchObject({ user: null, favourites: [id] });
    expect(guest.html).not.toMatch(/<a[^>]*data-visitor="signin"[^>]*hidden/);
    // A visitor with nothing of their own gets the kept bytes: no visitor in them.
    expect(visitorIn((await view(page)).html)).toBeUndefined();
  });

  it("writes a guest's saved search into the Save search control for a browser without JavaScript", async () => {
    const page = listPage();
    const plain = await view(page);
    const query = /id="save-search"[^>]*data-query="([^"]*)"/.exec(plain.html)?.[1]?.replaceAll("&amp;", "&");
    expect(query).toContain("price_max=");
    const cookie = `saved_search=${serializeGuestSearches([
      { query: parseCanonicalQuery(query!)!, key: query!, name: "Cheap enough", saved_at: Date.now() },
    ])}`;
    const theirs = await view(page, cookie);
    expect([theirs.cache, theirs.cacheControl]).toEqual(["hit", "private, no-store"]);
    const control = controlOf(theirs.html);
    expect(control).toContain('data-saved=""');
    expect(control).toContain('name="intent" value="unsave-search"');
    expect(control).toContain("Remove from saved");
    expect(control).toContain("Saved as “Cheap enough”.");
    expect(control).toMatch(/<a href="\/favourites\/#saved-searches"[^>]*>Manage saved searches/);
    expect(control).not.toMatch(/data-visitor="guest-note"[^>]*hidden/);
    // Signed in, the guests' note goes; nobody's control stays as it was kept.
    const signedIn = controlOf((await view(page, alice.jar.header())).html);
    expect(signedIn).toMatch(/data-visitor="guest-note"[^>]*hidden/);
    expect(signedIn).not.toContain("Sign in to keep them");
    expect((await view(page)).html).toContain("Will be saved as");
  });

  it("names no country in a kept page: the phone widget's default comes with the visitor", async () => {
    const page = listPage();
    const de = await view(page, "", { "cf-ipcountry": "DE" });
    const rs = await view(page, alice.jar.header(), { "cf-ipcountry": "RS" });
    expect(rs.cache).toBe("hit");
    expect(de.html).not.toContain('"country":"DE"');
    expect(visitorIn(rs.html)?.country).toBe("RS");
  });

  it("keeps the sign-in dialog's page per country: its phone widget's default is in the markup", async () => {
    // A page of the media list no other test keeps: one of those its pagination links to.
    const numbers = [...(await view("/media/")).html.matchAll(/href="\/media\/\?page=(\d+)"/g)].map(([, n]) =>
      Number(n),
    );
    expect(numbers.length).toBeGreaterThan(0);
    const page = `/media/?page=${numbers[Math.floor(Math.random() * numbers.length)]}&auth=register`;
    const rs = await view(page, "", { "cf-ipcountry": "RS" });
    expect(rs.status).toBe(200);
    const hu = await view(page, "", { "cf-ipcountry": "HU" });
    expect([hu.status, hu.cache]).toEqual([200, "miss"]);
    expect((await view(page, "", { "cf-ipcountry": "HU" })).cache).toBe("hit");
  });

  it("keeps a signed-in visitor's detail page theirs (their contact block), a guest's kept", async () => {
    const list = await view(listPage());
    const detail = /href="(\/rent\/apartment\/[^/"]+\/\d+\/)"/.exec(list.html)?.[1];
    expect(detail).toBeDefined();
    await view(detail!);
    expect((await view(detail!)).cache).toBe("hit");
    const theirs = await view(detail!, alice.jar.header());
    expect(theirs.cache).toBeNull();
    expect(theirs.html).toContain(aliceName);
    expect((await view(detail!, "favourites=1")).cache).toBe("hit");
  });

  it("is not kept for everyone elsewhere: a visitor's own pages are rendered for them", async () => {
    const faq = await view("/faq/", alice.jar.header());
    expect(faq.cache).toBeNull();
    expect(faq.html).toContain(aliceName);
  });
});

describe("GET /api/visitor", () => {
  const visitor = async (cookie = "") => {
    const res = await call("/api/visitor", {
      headers: cookie ? { cookie, "cf-ipcountry": "HU" } : { "cf-ipcountry": "HU" },
    });
    return { status: res.status, cacheControl: res.headers.get("cache-control"), body: await res.json<Visitor>() };
  };

  it("answers a guest: nobody, their cookie's favourites and the country, never stored", async () => {
    const guest = await visitor();
    expect(guest).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect(guest.body).toEqual({ user: null, favourites: [], savedSearches: [], country: "HU" });
    expect((await visitor("favourites=7.5.x")).body.favourites).toEqual([7, 5]);
  });

  it("answers a signed-in visitor their account, favourites and unread count, and no one else's", async () => {
    const mine = await visitor(bob.jar.header());
    expect(mine.cacheControl).toBe("private, no-store");
    expect(mine.body.user).toMatchObject({ id: bob.user.id, name: bobName });
    expect(mine.body.unreadMessages).toBe(0);
    expect(mine.body.messagesPath).toBe("/cabinet/messages/");
    expect(JSON.stringify(mine.body)).not.toContain(aliceName);
  });

  it("takes only GET", async () => {
    const res = await call("/api/visitor", { method: "POST", body: {} });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
