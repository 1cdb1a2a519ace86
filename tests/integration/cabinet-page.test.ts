/**
 * The cabinet's "My listings" as a browser without JavaScript uses it (decision 038): tabs with counts
 * as links, cards with what each state allows, every action a plain form post answered by a redirect
 * back saying what was done, deletion after a confirmation step, refusals re-rendered with their status,
 * paging, and the texts in en, ru and sr with their plurals.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CABINET_PER_PAGE } from "#shared/constants.ts";
import { BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, Jar, signUpByPhone, type SignedIn, formPost } from "./auth-fixtures.ts";
import { DAY, insertListing, NOW } from "./listing-fixtures.ts";

/** A page as a browser asks for it. */
async function page(path: string, jar?: Jar, locale = "en") {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": locale,
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
    },
  });
}

/** A form post as a browser without JavaScript makes it, in `locale`. */
const post = (path: string, fields: Record<string, string>, jar: Jar, locale = "en") =>
  formPost(path, fields, jar, { "accept-language": locale });

/** A card's action as its form posts it without JavaScript: back to the same tab. */
const act = (who: SignedIn, intent: string, id: number, back = "/cabinet/?tab=active", locale = "en") =>
  post(back, { id: String(id), intent, redirect_to: back }, who.jar, locale);

const html = async (res: Response) => pageText(await res.text());
const stored = (id: number) =>
  env.DB.prepare("SELECT status, deleted_at, checked_at, expires_at FROM listings WHERE id = ?")
    .bind(id)
    .first<{ status: string; deleted_at: number | null; checked_at: number | null; expires_at: number }>();
/** The card of listing `id` in a page (its article element). */
const card = (doc: string, id: number) =>
  [...doc.matchAll(/<article[^>]*data-id="(\d+)"[^>]*>[\s\S]*?<\/article>/g)].find((m) => m[1] === String(id))?.[0];
const count = (doc: string, tab: string) => new RegExp(`data-testid="count-${tab}"[^>]*>(\\d+)<`).exec(doc)?.[1];

let owner: SignedIn;
let ids: Record<string, number>;
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Petar Vlasnik" });
  const me = owner.user.id;
  ids = {
    soon: await insertListing(me, {
      expires_at: NOW + 3 * DAY,
      checked_at: NOW - 2 * DAY,
      title: "Soon flat",
    }),
    later: await insertListing(me, {
      expires_at: NOW + 21 * DAY,
      updated_at: NOW - 5 * DAY,
      title: "Later flat",
    }),
    pending: await insertListing(me, { status: "pending", title: "Pending flat" }),
    hidden: await insertListing(me, { status: "pending", hidden_at: NOW - DAY, title: "Reported flat" }),
    rejected: await insertListing(me, {
      status: "rejected",
      title: "Rejected flat",
      rejection_code: "photos",
      rejection_reason: "The photos show another building.",
    }),
    draft: await insertListing(me, { status: "draft", city_id: null, title: null, price: null }),
    archived: await insertListing(me, { status: "archived", title: "Archived flat" }),
  };
});

describe("the page", () => {
  it("asks a guest to sign in", async () => {
    const res = await page("/cabinet/?tab=archive");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth=signin&next=%2Fcabinet%2F%3Ftab%3Darchive");
  });

  it("shows the tabs with their counts as links, the active tab's cards and what they allow", async () => {
    const res = await page("/cabinet/", owner.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toContain('content="noindex, nofollow"');
    expect(doc).toContain("<h2");
    expect(doc).toContain("My listings");
    expect([count(doc, "active"), count(doc, "moderation"), count(doc, "drafts"), count(doc, "archive")]).toEqual([
      "2",
      "3",
      "1",
      "1",
    ]);
    const current = [...doc.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((m) => m[0]);
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/cabinet/?tab=active"');
    expect(doc).toContain('href="/cabinet/?tab=archive"');
    // Kept from before: the personal page, favourites, the sign-out.
    expect(doc).toContain('href="/cabinet/personal/"');
    expect(doc).toContain('href="/cabinet/favourites/"');
    expect(doc).toContain('name="intent" value="signout"');

    const soon = card(doc, ids.soon!)!;
    expect(soon).toContain("Soon flat");
    expect(soon).toContain("Published");
    expect(soon).toContain("Expires in 3 days");
    expect(soon).toContain("Checked by you 2 days ago");
    expect(soon).toContain("Last 30 days: 0 views, 0 contacts");
    for (const intent of ["renew", "relevant", "archive"]) expect(soon).toContain(`data-intent="${intent}"`);
    expect(soon).not.toContain('data-intent="restore"');
    expect(soon).toContain(`href="/listing/edit/${ids.soon}/"`);
    expect(soon).toContain(`href="/listing/preview/${ids.soon}/"`);
    expect(soon).toContain(`href="/cabinet/statistics/${ids.soon}/"`);
    expect(soon).toContain(`href="/cabinet/?tab=active&confirm=${ids.soon}#confirm-${ids.soon}"`);
    // Buttons name the listing they act on.
    expect(soon).toContain('aria-label="Archive: Soon flat"');
    expect(card(doc, ids.later!)).toContain("Expires in 21 days");
    // Newest change first.
    expect(doc.indexOf(`data-id="${ids.soon}"`)).toBeLessThan(doc.indexOf(`data-id="${ids.later}"`));
    expect(doc).not.toContain(`data-id="${ids.archived}"`);
  });

  it("shows a rejection's reason, a listing hidden by reports, drafts and the archive", async () => {
    const moderation = await html(await page("/cabinet/?tab=moderation", owner.jar));
    const rejected = card(moderation, ids.rejected!)!;
    expect(rejected).toContain("Rejected by a moderator:");
    expect(rejected).toContain("The photos are missing, unclear or not of this property");
    expect(rejected).toContain("The photos show another building.");
    expect(rejected).toContain('data-intent="submit"');
    expect(card(moderation, ids.hidden!)).toContain("Hidden after visitors' reports");
    expect(card(moderation, ids.pending!)).not.toContain('data-intent="submit"');

    const drafts = await html(await page("/cabinet/?tab=drafts", owner.jar));
    const draft = card(drafts, ids.draft!)!;
    expect(draft).toContain(`Listing No. ${ids.draft}`);
    expect(draft).toContain("No price yet");
    expect(draft).not.toContain('data-intent="archive"');

    const archive = await html(await page("/cabinet/?tab=archive", owner.jar));
    const archived = card(archive, ids.archived!)!;
    expect(archived).toContain('data-intent="restore"');
    expect(archived).not.toContain("Expires");
  });

  it("says so when a tab is empty and leads to posting a listing", async () => {
    const fresh = await signUpByPhone();
    const doc = await html(await page("/cabinet/?tab=archive", fresh.jar));
    expect(doc).toContain("The archive is empty.");
    expect(doc.match(/href="\/listing\/create\/"/g)!.length).toBeGreaterThanOrEqual(2);
    // An unknown tab is the first one.
    expect(await html(await page("/cabinet/?tab=nope", fresh.jar))).toContain("You have no published listings.");
  });

  it("pages a long tab, and a page past the end goes to the last one", async () => {
    const agency = await signUpByPhone();
    for (let i = 0; i < CABINET_PER_PAGE + 5; i++) {
      await insertListing(agency.user.id, { title: `Agency flat ${i}`, updated_at: NOW - i * 60_000 });
    }
    const first = await html(await page("/cabinet/?tab=active", agency.jar));
    expect(first.match(/data-testid="owner-listing"/g)).toHaveLength(CABINET_PER_PAGE);
    expect(first).toContain('href="/cabinet/?tab=active&page=2"');
    const second = await html(await page("/cabinet/?tab=active&page=2", agency.jar));
    expect(second.match(/data-testid="owner-listing"/g)).toHaveLength(5);
    expect(second).toContain("Agency flat 24");
    expect(second).not.toContain("Agency flat 0<");
    const past = await page("/cabinet/?tab=active&page=9", agency.jar);
    expect(past.status).toBe(302);
    expect(past.headers.get("location")).toBe("/cabinet/?tab=active&page=2");
  });

  it("speaks Russian and Serbian with their plurals", async () => {
    const me = await signUpByPhone();
    const one = await insertListing(me.user.id, { expires_at: NOW + DAY, checked_at: NOW - 5 * DAY });
    const three = await insertListing(me.user.id, { expires_at: NOW + 3 * DAY, checked_at: NOW - DAY });
    const today = await insertListing(me.user.id, { expires_at: NOW - 1000 });
    const ru = await html(await page("/ru/cabinet/", me.jar, "ru"));
    expect(ru).toContain("Мои объявления");
    expect(card(ru, one)).toContain("Истекает через 1 день");
    expect(card(ru, one)).toContain("Вы проверили 5 дней назад");
    expect(card(ru, three)).toContain("Истекает через 3 дня");
    expect(card(ru, three)).toContain("Вы проверили 1 день назад");
    expect(card(ru, today)).toContain("Истекает сегодня");
    expect(card(ru, today)).toContain("За 30 дней: 0 просмотров, 0 обращений");
    expect(ru).toContain('href="/ru/cabinet/?tab=archive"');
    const sr = await html(await page("/sr/cabinet/", me.jar, "sr"));
    expect(sr).toContain("Moji oglasi");
    expect(card(sr, one)).toContain("Ističe za 1 dan");
    expect(card(sr, three)).toContain("Ističe za 3 dana");
    expect(card(sr, today)).toContain("Ističe danas");
    expect(card(sr, one)).toContain("Proverili ste pre 5 dana");
  });
});

describe("actions without JavaScript", () => {
  it("archives, restores, renews and confirms, each a post that returns to the tab saying what was done", async () => {
    const me = await signUpByPhone();
    const id = await insertListing(me.user.id, { expires_at: NOW + DAY, checked_at: NOW - 9 * DAY });

    let res = await act(me, "renew", id);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cabinet/?tab=active&done=renew");
    expect((await stored(id))!.expires_at).toBeGreaterThan(NOW + 29 * DAY);
    expect(await html(await page("/cabinet/?tab=active&done=renew", me.jar))).toContain("The listing is renewed.");

    res = await act(me, "relevant", id);
    expect(res.headers.get("location")).toBe("/cabinet/?tab=active&done=relevant");
    expect((await stored(id))!.checked_at).toBeGreaterThan(NOW - 60_000);

    res = await act(me, "archive", id);
    expect(res.headers.get("location")).toBe("/cabinet/?tab=active&done=archive");
    expect((await stored(id))!.status).toBe("archived");
    const archive = await html(await page("/cabinet/?tab=archive", me.jar));
    expect(card(archive, id)).toContain('data-intent="restore"');

    // A restore says where the listing went: live again (it was published before) or to review.
    res = await act(me, "restore", id, "/sr/cabinet/?tab=archive", "sr");
    expect(res.headers.get("location")).toBe("/sr/cabinet/?tab=archive&done=restoredLive");
    expect((await stored(id))!.status).toBe("active");
    expect(await html(await page("/sr/cabinet/?tab=archive&done=restoredLive", me.jar))).toContain(
      "Oglas je vraćen i ponovo objavljen.",
    );
    const unpublished = await insertListing(me.user.id, { status: "archived", published_at: null });
    res = await act(me, "restore", unpublished, "/cabinet/?tab=archive");
    expect(res.headers.get("location")).toBe("/cabinet/?tab=archive&done=restoredReview");
    expect((await stored(unpublished))!.status).toBe("pending");
    expect(await html(await page("/cabinet/?tab=archive&done=restoredReview", me.jar))).toContain(
      "The listing is restored and sent for review",
    );
  });

  it("deletes after a confirmation step", async () => {
    const me = await signUpByPhone();
    const id = await insertListing(me.user.id, { title: "Flat to delete" });
    const before = await html(await page("/cabinet/?tab=active", me.jar));
    expect(card(before, id)).not.toContain("Delete for good");
    const confirm = await html(await page(`/cabinet/?tab=active&confirm=${id}`, me.jar));
    const asking = card(confirm, id)!;
    expect(asking).toContain(`id="confirm-${id}"`);
    expect(asking).toContain("Delete this listing?");
    expect(asking).toContain("“Flat to delete” will be deleted for good");
    expect(asking).toContain('name="intent" value="delete"');
    expect(asking).toContain('href="/cabinet/?tab=active"');
    expect((await stored(id))!.deleted_at).toBeNull();

    const res = await act(me, "delete", id, `/cabinet/?tab=active&confirm=${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cabinet/?tab=active&done=delete");
    expect((await stored(id))!.deleted_at).not.toBeNull();
    const after = await html(await page("/cabinet/?tab=active&done=delete", me.jar));
    expect(after).toContain("The listing is deleted.");
    expect(after).not.toContain(`data-id="${id}"`);
    expect(count(after, "archive")).toBe("0");
  });

  it("submits a draft, and past a possible duplicate offers to submit anyway", async () => {
    const me = await signUpByPhone();
    const first = await insertListing(me.user.id, { status: "pending", price: 99_000, area: 55 });
    const draft = await insertListing(me.user.id, { status: "draft", price: 99_000, area: 55, title: "Copy flat" });
    const refused = await act(me, "submit", draft, "/cabinet/?tab=drafts");
    expect(refused.status).toBe(409);
    const doc = await html(refused);
    const shown = card(doc, draft)!;
    expect(shown).toContain("It looks like a copy of another listing:");
    expect(shown).toContain(`href="/listing/preview/${first}/"`);
    expect(shown).toContain('data-intent="force"');
    expect(shown).toContain(`href="/listing/edit/${draft}/?step=check"`);
    expect((await stored(draft))!.status).toBe("draft");

    const forced = await act(me, "force", draft, "/cabinet/?tab=drafts");
    expect(forced.headers.get("location")).toBe("/cabinet/?tab=drafts&done=force");
    expect((await stored(draft))!.status).toBe("pending");

    const incomplete = await insertListing(me.user.id, { status: "draft", city_id: null, title: null, price: null });
    const missing = await act(me, "submit", incomplete, "/cabinet/?tab=drafts");
    expect(missing.status).toBe(400);
    expect(card(await html(missing), incomplete)).toContain("Some required facts are missing");
  });

  it("answers a state that does not allow the action with 409, and someone else's listing with 404", async () => {
    const me = await signUpByPhone();
    const draft = await insertListing(me.user.id, { status: "draft" });
    const res = await act(me, "archive", draft, "/cabinet/?tab=drafts");
    expect(res.status).toBe(409);
    expect(card(await html(res), draft)).toContain("The listing changed meanwhile");
    expect((await stored(draft))!.status).toBe("draft");

    const theirs = await act(me, "archive", ids.soon!);
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).toContain("This listing no longer exists.");
    expect((await stored(ids.soon!))!.status).toBe("active");

    const junk = await post("/cabinet/", { intent: "explode", id: "1" }, me.jar);
    expect(junk.status).toBe(400);
    const offsite = await post(
      "/cabinet/",
      { intent: "relevant", id: String(await insertListing(me.user.id)), redirect_to: "//evil.example/" },
      me.jar,
    );
    expect(offsite.headers.get("location")).toBeNull();
  });

  it("is for the signed-in owner only", async () => {
    const res = await post(
      "/cabinet/",
      { intent: "archive", id: String(ids.soon), redirect_to: "/cabinet/" },
      new Jar(),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/\?auth=signin/);
    expect((await stored(ids.soon!))!.status).toBe("active");
    // The API the page calls says the same.
    expect((await call("/api/cabinet/realties/count")).status).toBe(401);
  });
});

describe("the cabinet's sections", () => {
  it("lead staff to the back office, and nobody else", async () => {
    const { devSession } = await import("./auth-fixtures.ts");
    const admin = await (
      await SELF.fetch(`${ORIGIN}/cabinet/`, {
        headers: { "user-agent": BROWSER_UA, cookie: await devSession("admin") },
      })
    ).text();
    expect(admin).toMatch(/<a[^>]*href="\/admin\/"[^>]*>.*Back office/);
    const user = await (
      await SELF.fetch(`${ORIGIN}/cabinet/`, {
        headers: { "user-agent": BROWSER_UA, cookie: await devSession("user") },
      })
    ).text();
    expect(user).not.toContain('href="/admin/');
  });
});
