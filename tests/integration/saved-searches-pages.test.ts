/**
 * The saved-search pages as a browser without JavaScript uses them (decision 041): "Save search" on a
 * list page, rendered in place (a lazy part, decision 037) and posting to the page itself; the guest's
 * cookie and the favourites page's panel; the account's searches on `/cabinet/saved-searches/` — renamed,
 * alerts set, deleted after a confirmation step — each post answered by a redirect back saying what was done,
 * refusals re-rendered with their status, texts in en, ru and sr.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SAVED_SEARCH_COOKIE_NAME, SAVED_SEARCHES_MAX } from "#shared/constants.ts";
import { parseGuestSearches } from "#shared/saved-search-cookie.ts";
import { BROWSER_UA, inPlace, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, formPost, Jar, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

/** A page as a browser asks for it. */
async function page(path: string, jar?: Jar) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}) },
  });
  jar?.take(res);
  return res;
}
const text = async (res: Response) => pageText(await res.text());
/** The "Save search" control of a page (its element). */
const control = (doc: string) => /<div[^>]*id="save-search"[\s\S]*?<\/form>[\s\S]*?<\/div>/.exec(doc)?.[0] ?? "";
/** The card of saved search `id` in the cabinet page. */
const card = (doc: string, id: number) =>
  [...doc.matchAll(/<article[^>]*data-id="(\d+)"[^>]*>[\s\S]*?<\/article>/g)].find((m) => m[1] === String(id))?.[0];
const idsOf = (doc: string) =>
  [...doc.matchAll(/<article[^>]*data-testid="saved-search" data-id="(\d+)"/g)].map((m) => Number(m[1]));

const LIST = "/rent/house/novi-sad/?rooms=3&price_max=900";
const QUERY = "deal=rent&type=3&city=novi-sad&price_max=900&rooms=3";

describe("a guest", () => {
  it("saves the search of a list page in the cookie, sees it saved, and removes it", async () => {
    const jar = new Jar();
    const before = await text(await page(LIST, jar));
    expect(inPlace(before, 'id="save-search"')).toBe(true);
    const form = control(before);
    expect(form).toContain('value="save-search"');
    expect(form).toContain(`name="query" value="${QUERY}"`);
    expect(form).toContain("Will be saved as “Houses for rent, Novi Sad, 3 rooms, up to €900”.");
    expect(form).toContain("Sign in to keep them in your account and turn on e-mail alerts");

    const saved = await formPost(
      LIST,
      { intent: "save-search", query: QUERY, redirect_to: `${LIST}#save-search` },
      jar,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${LIST}#save-search`);
    jar.take(saved);
    expect(parseGuestSearches(decodeURIComponent(jar.get(SAVED_SEARCH_COOKIE_NAME)!)).map((s) => s.key)).toEqual([
      QUERY,
    ]);
    expect(saved.headers.get("set-cookie")).toMatch(/Max-Age=2592000; Path=\/; SameSite=Lax/);

    // Saved twice: still one.
    jar.take(await formPost(LIST, { intent: "save-search", query: QUERY, redirect_to: LIST }, jar));
    expect(parseGuestSearches(decodeURIComponent(jar.get(SAVED_SEARCH_COOKIE_NAME)!))).toHaveLength(1);

    const after = control(await text(await page(`${LIST}&sort=price_asc`, jar)));
    expect(after).toContain('value="unsave-search"');
    expect(after).toContain("Saved as “Houses for rent, Novi Sad, 3 rooms, up to €900”.");
    expect(after).toContain('href="/favourites/#saved-searches"');

    // The favourites page lists it, with its filters and the way to e-mail alerts.
    const favourites = await text(await page("/favourites/", jar));
    const panel = /<section[^>]*id="saved-searches"[\s\S]*?<\/section>/.exec(favourites)![0];
    expect(panel).toContain("Houses for rent, Novi Sad, 3 rooms, up to €900");
    for (const chip of ["Houses for rent", "Novi Sad", "Price: up to €900", "Rooms: 3"]) expect(panel).toContain(chip);
    expect(panel).toContain(`href="/rent/house/novi-sad/?price_max=900&rooms=3"`);
    expect(panel).toContain("Sign in to keep them in your account and turn on e-mail alerts");

    // Removed from the panel (posting to the favourites page), back to it.
    const removed = await formPost(
      "/favourites/",
      { intent: "unsave-search", query: QUERY, redirect_to: "/favourites/#saved-searches" },
      jar,
    );
    expect(removed.status).toBe(302);
    jar.take(removed);
    expect(jar.get(SAVED_SEARCH_COOKIE_NAME)).toBeUndefined();
    expect(await text(await page("/favourites/", jar))).toContain("Save a search from any list of listings");
  });

  it("is told in their language, and a bad query is refused", async () => {
    const ru = control(await text(await page("/ru/rent/house/novi-sad/")));
    expect(ru).toContain("Сохранить поиск");
    expect(ru).toContain("Войдите, чтобы сохранить их в аккаунте и включить оповещения по e-mail");
    const sr = control(await text(await page("/sr/search/?deal=sale&q=bazen")));
    expect(sr).toContain("Sačuvaj pretragu");
    expect(sr).toContain("Biće sačuvana kao „Nekretnine na prodaju, „bazen““.");

    const bad = await formPost(LIST, { intent: "save-search", query: "rooms=9" }, new Jar());
    expect(bad.status).toBe(400);
  });
});

describe("a signed-in person", () => {
  let person: SignedIn;
  const api = (path: string, body?: unknown, method?: string) => call(path, { jar: person.jar, body, method });
  beforeAll(async () => {
    person = await signUpByPhone({ name: "Vesna Traži" });
  });

  it("saves from the search page into the account, once, and finds it there", async () => {
    const path = "/search/?deal=sale&type=house&type=land&city=nis";
    const before = control(await text(await page(path, person.jar)));
    expect(before).not.toContain("Sign in to get");
    const query = /name="query" value="([^"]*)"/.exec(before)![1]!.replaceAll("&amp;", "&");
    for (let i = 0; i < 2; i++) {
      const res = await formPost(path, { intent: "save-search", query, redirect_to: path }, person.jar);
      expect(res.status).toBe(302);
    }
    const list = await (await api("/api/saved-searches")).json<{ items: { id: number; label: string }[] }>();
    expect(list.items.map((s) => s.label)).toEqual(["Property for sale, Niš"]);
    const after = control(await text(await page(path, person.jar)));
    expect(after).toContain(`name="id" value="${list.items[0]!.id}"`);
    expect(after).toContain('href="/cabinet/saved-searches/"');
    // Saved from a page, its alerts are on: the control says how often.
    expect(after).toContain("New listings are e-mailed to you once a day.");

    const cabinet = await text(await page("/cabinet/saved-searches/", person.jar));
    const shown = card(cabinet, list.items[0]!.id)!;
    for (const chip of ["Property for sale", "Type: House or Land", "Niš"]) expect(shown).toContain(chip);
    expect(shown).toContain(`href="/search/?deal=sale&type=house&type=land&city=nis"`);
    // The cabinet's front page links to it.
    expect(await text(await page("/cabinet/", person.jar))).toContain('href="/cabinet/saved-searches/"');
  });

  it("renames, sets alerts and deletes after confirming, without JavaScript", async () => {
    const created = await api("/api/saved-search", { query: { deal: "rent", city: "beograd", furnished: true } });
    const { id } = (await created.json<{ data: { id: number } }>()).data;
    const back = "/cabinet/saved-searches/";
    const act = (fields: Record<string, string>) =>
      formPost(back, { id: String(id), redirect_to: `${back}#saved-search-${id}`, ...fields }, person.jar);

    const renamed = await act({ intent: "rename", name: "  Stan za mene  " });
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("location")).toBe(`${back}?done=rename#saved-search-${id}`);
    const page1 = await text(await page(`${back}?done=rename`, person.jar));
    expect(card(page1, id)).toContain("Stan za mene");
    expect(page1).toContain("Name saved.");
    // Signed up by phone: no address for the alerts yet, and the page says where to add one.
    expect(page1).toContain("Alerts are sent by e-mail, and your account has no e-mail address yet.");

    expect((await act({ intent: "alerts", alerts: "instant" })).status).toBe(302);
    let stored = await env.DB.prepare("SELECT notify, frequency FROM saved_searches WHERE id = ?").bind(id).first();
    expect(stored).toEqual({ notify: 1, frequency: "instant" });
    expect((await act({ intent: "alerts", alerts: "off" })).status).toBe(302);
    stored = await env.DB.prepare("SELECT notify, frequency FROM saved_searches WHERE id = ?").bind(id).first();
    expect(stored).toMatchObject({ notify: 0 });
    const alerts = card(await text(await page(back, person.jar)), id)!;
    expect(alerts).toMatch(/checked="" value="off"/);
    expect((await act({ intent: "alerts", alerts: "hourly" })).status).toBe(400);

    // A name the API refuses comes back with its message, and what was typed.
    const long = await act({ intent: "rename", name: "x".repeat(200) });
    expect(long.status).toBe(400);
    const refused = await text(long);
    expect(refused).toContain("Shorten it to 120 characters.");
    expect(refused).toContain(`value="${"x".repeat(200)}"`);

    // Delete: first the confirmation step, then the post.
    const confirming = card(await text(await page(`${back}?confirm=${id}`, person.jar)), id)!;
    expect(confirming).toContain("Delete this saved search?");
    expect(confirming).toContain('value="delete"');
    const deleted = await act({ intent: "delete" });
    expect(deleted.headers.get("location")).toBe(`${back}?done=delete`);
    const gone = await text(await page(`${back}?done=delete`, person.jar));
    expect(idsOf(gone)).not.toContain(id);
    expect(gone).toContain("Saved search deleted.");
    // Deleted again (another tab): said so, with the API's status.
    expect((await act({ intent: "delete" })).status).toBe(404);
  });

  it("is told when the account holds the most searches it can", async () => {
    const full = await signUpByPhone();
    for (let price = 1; price <= SAVED_SEARCHES_MAX; price++)
      expect(
        (await call("/api/saved-search", { jar: full.jar, body: { query: { price_max: price * 1000 } } })).status,
      ).toBe(201);
    const refused = await formPost("/search/?deal=rent", { intent: "save-search", query: "deal=rent" }, full.jar);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(
      `You already have ${SAVED_SEARCHES_MAX} saved searches, the most an account keeps.`,
    );
  });

  it("lists nothing yet with an explanation and a way to search", async () => {
    const fresh = await signUpByPhone();
    const doc = await text(await page("/cabinet/saved-searches/", fresh.jar));
    expect(doc).toContain("No saved searches yet.");
    expect(idsOf(doc)).toEqual([]);
  });
});
