/**
 * Decision 041: the cabinet's favourites. The API keeps favourites taken off the site in their place when
 * asked (`include_unavailable=true`), names them by their facts, says when a price fell since saving; the
 * page `/cabinet/favourites/` renders them on the server, pages them and removes one or all by form posts.
 * (Guest favourites and their merge at sign-in: favourites.test.ts.)
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiFavourite, ApiFavouriteItem, ApiUnavailableFavourite } from "#shared/api/favourites.ts";
import { CABINET_PER_PAGE } from "#shared/constants.ts";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, errorOf, formPost, type Jar, signUpByPhone } from "./auth-fixtures.ts";

/** Active listings of the seed, none of which another test file's favourites depend on. */
let spare: number[] = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' ORDER BY id DESC LIMIT 40",
  ).all<{ id: number }>();
  spare = results.map((r) => r.id);
});

/** Takes `n` listings no other test here uses. */
let taken = 0;
const take = (n: number) => {
  const ids = spare.slice(taken, taken + n);
  taken += n;
  expect(ids).toHaveLength(n);
  return ids;
};

/** Saves `ids` to the account one by one: the last is the newest. */
async function save(jar: Jar, ids: number[], now?: number) {
  for (const [index, id] of ids.entries()) {
    const res = await call("/api/cabinet/realties/add-favorite", {
      body: { id },
      jar,
      ...(now === undefined ? {} : { now: now + index }),
    });
    expect(res.status).toBe(200);
  }
}

const list = async (jar: Jar, query = "") => {
  const res = await call(`/api/cabinet/realties/favorite-realties${query}`, { jar });
  expect(res.status).toBe(200);
  return res.json<{ items: ApiFavouriteItem[]; total: number; page: number; per_page: number }>();
};

const page = (path: string, jar: Jar) =>
  SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, cookie: jar.header() } });

describe("GET /api/cabinet/realties/favorite-realties?include_unavailable=true", () => {
  it("keeps favourites taken off the site in their place, only when asked", async () => {
    const { jar } = await signUpByPhone();
    const [kept, archived, deleted, hidden, rejected] = take(5) as [number, number, number, number, number];
    await save(jar, [kept, archived, deleted, hidden, rejected]);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(archived),
      env.DB.prepare("UPDATE listings SET status = 'archived', deleted_at = ? WHERE id = ?").bind(now, deleted),
      env.DB.prepare("UPDATE listings SET status = 'pending', hidden_at = ? WHERE id = ?").bind(now, hidden),
      env.DB.prepare("UPDATE listings SET status = 'rejected' WHERE id = ?").bind(rejected),
    ]);

    // As before: the public ones, with when they were saved.
    const publicOnly = await list(jar);
    expect(publicOnly.items.map((item) => item.id)).toEqual([kept]);
    expect(publicOnly.total).toBe(1);
    const [one] = publicOnly.items as ApiFavourite[];
    expect(one).toMatchObject({ available: true, price_reduced_from: null });
    expect(one!.path).toMatch(/^\/(buy|rent)\//);
    expect(Date.parse(one!.saved_at)).toBeGreaterThan(0);

    // Asked for all: newest first, each where it was.
    const all = await list(jar, "?include_unavailable=true");
    expect(all.items.map((item) => item.id)).toEqual([rejected, hidden, deleted, archived, kept]);
    expect(all.items.map((item) => item.available)).toEqual([false, false, false, false, true]);
    expect(all.total).toBe(5);
    const gone = all.items[0] as ApiUnavailableFavourite;
    // What it was, and nothing that leads to a page that is no more.
    expect(Object.keys(gone).sort()).toEqual(
      [
        "archive_reason",
        "available",
        "city",
        "deal",
        "district",
        "id",
        "price",
        "saved_at",
        "title",
        "title_lang",
        "type",
      ].sort(),
    );
    const row = await env.DB.prepare("SELECT price FROM listings WHERE id = ?")
      .bind(rejected)
      .first<{ price: number }>();
    expect(gone.price).toBe(row!.price);
    // Archived some other way than as let or sold from the availability question: no reason (decision 084).
    expect(
      all.items.filter((item) => !item.available).map((item) => (item as ApiUnavailableFavourite).archive_reason),
    ).toEqual([null, null, null, null]);
    expect(gone.title.length).toBeGreaterThan(5);
    expect(gone.city.name.length).toBeGreaterThan(0);

    // Paged like the rest; `include_unavailable=false` is the default.
    const second = await list(jar, "?include_unavailable=true&per_page=2&page=2");
    expect(second.items.map((item) => item.id)).toEqual([deleted, archived]);
    expect(second.total).toBe(5);
    expect((await list(jar, "?include_unavailable=false")).total).toBe(1);

    // Removed like any other.
    await call("/api/cabinet/realties/delete-favorite", { body: { id: deleted }, jar });
    expect((await list(jar, "?include_unavailable=true")).items.map((item) => item.id)).toEqual([
      rejected,
      hidden,
      archived,
      kept,
    ]);
  });

  it("names one taken off the site by its facts in the reader's language, never its owner's own title", async () => {
    const { jar } = await signUpByPhone();
    const [id] = take(1) as [number];
    await save(jar, [id]);
    await env.DB.prepare(
      "UPDATE listings SET status = 'rejected', title = 'WORDS THE MODERATOR REFUSED', title_generated = 0 WHERE id = ?",
    )
      .bind(id)
      .run();
    const en = (await list(jar, "?include_unavailable=true")).items[0] as ApiUnavailableFavourite;
    const ru = (await list(jar, "?include_unavailable=true&locale=ru")).items[0] as ApiUnavailableFavourite;
    expect(en.title).not.toContain("REFUSED");
    expect(en.title_lang).toBe("en");
    expect(ru.title).toMatch(/[а-яё]/i);
    expect(ru.title_lang).toBe("ru");
  });

  it("says when a favourite's price fell since it was saved, from the price it had then", async () => {
    const { jar } = await signUpByPhone();
    const [before, after, rose] = take(3) as [number, number, number];
    const price = async (id: number) =>
      (await env.DB.prepare("SELECT price FROM listings WHERE id = ?").bind(id).first<{ price: number }>())!.price;
    const setPrice = (id: number, value: number, at: number) =>
      env.DB.prepare("UPDATE listings SET price = ?, updated_at = ? WHERE id = ?").bind(value, at, id).run();
    const t0 = Date.now() - 60_000;
    const original = { before: await price(before), after: await price(after), rose: await price(rose) };
    const times = (value: number, factor: number) => Math.round(value * factor);
    // A fall before it was saved is not news to the person.
    await setPrice(before, times(original.before, 0.9), t0 - 1_000);
    await save(jar, [before, after, rose], t0);
    // Two falls after: "from" the price when saved. A rise after a fall: nothing to say.
    await setPrice(after, times(original.after, 0.95), t0 + 1_000);
    await setPrice(after, times(original.after, 0.9), t0 + 2_000);
    await setPrice(rose, times(original.rose, 0.95), t0 + 1_000);
    await setPrice(rose, times(original.rose, 1.2), t0 + 2_000);
    const items = (await list(jar, "?include_unavailable=true")).items as ApiFavourite[];
    const reduced = Object.fromEntries(items.map((item) => [item.id, item.price_reduced_from]));
    expect(reduced).toEqual({ [before]: null, [after]: original.after, [rose]: null });
    expect(items.find((item) => item.id === after)!.price).toBe(times(original.after, 0.9));
    // The same without the unavailable ones.
    expect(((await list(jar)).items as ApiFavourite[]).find((item) => item.id === after)!.price_reduced_from).toBe(
      original.after,
    );
  });

  it("names the field at fault when adding, never the whole body (decision 051)", async () => {
    const { jar } = await signUpByPhone();
    const [id] = take(1) as [number];
    for (const [body, field] of [
      [{ id: "abc" }, "id"],
      [{ ids: [id, "x"] }, "ids.1"],
      [{}, "id"],
      [{ id, ids: [id] }, "ids"],
    ] as const) {
      const res = await call("/api/cabinet/realties/add-favorite", { body, jar });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await list(jar)).total).toBe(0);
  });

  it("refuses a flag it does not know, naming it", async () => {
    const { jar } = await signUpByPhone();
    const res = await call("/api/cabinet/realties/favorite-realties?include_unavailable=yes", { jar });
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["include_unavailable"]);
    expect((await call("/api/cabinet/realties/favorite-realties?include_unavailable=true")).status).toBe(401);
  });
});

describe("/cabinet/favourites/", () => {
  it("shows the favourites, those taken off the site as no longer available, without a link to them", async () => {
    const { jar } = await signUpByPhone();
    const [kept, gone] = take(2) as [number, number];
    await save(jar, [kept, gone]);
    const path = (await env.DB.prepare("SELECT deal, property_type FROM listings WHERE id = ?").bind(gone).first())!;
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(gone).run();
    const res = await page("/cabinet/favourites/", jar);
    expect(res.status).toBe(200);
    const html = pageText(await res.text());
    expect(html).toContain("2 saved listings");
    expect(html).toContain(`id="listing-${kept}-title"`);
    const card = html.slice(html.indexOf(`data-id="${gone}"`));
    expect(card.slice(0, card.indexOf("</li>"))).toContain("No longer available");
    expect(html).not.toMatch(new RegExp(`href="[^"]*/${gone}/"`));
    expect(html).toContain(`href="/${path.deal === "sale" ? "buy" : "rent"}/${String(path.property_type)}/`);
    // Each card has its own form to remove it, named with its listing.
    expect(html.match(/aria-label="Remove: [^"]+"/g)).toHaveLength(2);
    // In every language, with the page's own messages.
    for (const [prefix, messages] of [
      ["/ru", ru],
      ["/sr", sr],
    ] as const) {
      // What it shows: the markup without scripts (the data itself holds the ids).
      const text = pageText(await (await page(`${prefix}/cabinet/favourites/`, jar)).text()).replace(
        /<script\b[\s\S]*?<\/script>/g,
        "",
      );
      for (const id of ["myFavourites.unavailable", "myFavourites.similar", "myFavourites.remove"] as const)
        expect(text, `${prefix} ${id}`).toContain(messages[id]);
      expect(text).not.toContain("myFavourites.");
    }
  });

  it("removes one by a form post and says so, back on the page it was on", async () => {
    const { jar } = await signUpByPhone();
    const [a, b] = take(2) as [number, number];
    await save(jar, [a, b]);
    const res = await formPost(
      "/sr/cabinet/favourites/",
      { intent: "remove", id: String(a), redirect_to: "/sr/cabinet/favourites/" },
      jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sr/cabinet/favourites/?done=remove");
    const html = pageText(await (await page("/sr/cabinet/favourites/?done=remove", jar)).text());
    expect(html).toContain("Oglas je uklonjen iz omiljenih.");
    expect(html).not.toContain(`data-id="${a}"`);
    expect(html).toContain(`data-id="${b}"`);
  });

  it("asks before removing them all, then removes them and shows how to add some", async () => {
    const { jar } = await signUpByPhone();
    await save(jar, take(2));
    const asked = pageText(await (await page("/cabinet/favourites/?confirm=all", jar)).text());
    expect(asked).toContain('id="confirm-clear"');
    expect(asked).toContain("2 saved listings will be removed from your favourites");
    const res = await formPost(
      "/cabinet/favourites/",
      { intent: "clear", redirect_to: "/cabinet/favourites/?confirm=all" },
      jar,
    );
    expect(res.headers.get("location")).toBe("/cabinet/favourites/?done=clear");
    const html = pageText(await (await page("/cabinet/favourites/?done=clear", jar)).text());
    expect(html).toContain("Your favourites are cleared.");
    expect(html).toContain("No saved listings yet");
    expect(html).toContain("Tap the heart on any listing");
    expect(html).toContain('href="/search/"');
    expect((await list(jar, "?include_unavailable=true")).total).toBe(0);
  });

  it("pages them, newest first, and goes back a page when the last one empties", async () => {
    const { jar } = await signUpByPhone();
    const ids = take(CABINET_PER_PAGE + 1);
    expect((await call("/api/cabinet/realties/add-favorite", { body: { ids }, jar })).status).toBe(200);
    const first = await (await page("/cabinet/favourites/", jar)).text();
    expect(first.match(/data-testid="favourite"/g)).toHaveLength(CABINET_PER_PAGE);
    expect(first).toContain('href="/cabinet/favourites/?page=2"');
    const second = await (await page("/cabinet/favourites/?page=2", jar)).text();
    // The first id of a merged list is the newest: the oldest is alone on the second page.
    expect(second.match(/data-testid="favourite" data-id="(\d+)"/g)).toEqual([
      `data-testid="favourite" data-id="${ids.at(-1)}"`,
    ]);
    await call("/api/cabinet/realties/delete-favorite", { body: { id: ids.at(-1) }, jar });
    const emptied = await page("/cabinet/favourites/?page=2&done=remove", jar);
    expect(emptied.status).toBe(302);
    expect(emptied.headers.get("location")).toBe("/cabinet/favourites/?done=remove");
  });

  it("refuses a post it does not understand", async () => {
    const { jar } = await signUpByPhone();
    const posts: Record<string, string>[] = [
      { intent: "remove", id: "abc" },
      { intent: "explode" },
      { intent: "remove" },
    ];
    for (const fields of posts) {
      expect((await formPost("/cabinet/favourites/", fields, jar)).status, JSON.stringify(fields)).toBe(400);
    }
  });
});
