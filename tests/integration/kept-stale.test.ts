/**
 * Decision 107: a kept page past its freshness is answered once more while the worker renders it again
 * (stale-while-revalidate) — unless something left the public site since its render (migration 0055's
 * `visibility_changes`, kept by triggers), so a listing taken down leaves the kept pages as fast as before.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { VISITOR_DATA_ID } from "#shared/visitor.ts";
import { signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { viewKept } from "./kept-page-fixtures.ts";

// The page cache fresh for a second, then answerable stale for ten minutes.
const kept: Env = { ...env, PAGE_CACHE_TTL: "1", PAGE_CACHE_STALE: "600" };
const FRESHNESS_MS = 1_100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const view = (path: string, cookie = "", settings: Env = kept) => viewKept(path, cookie, { settings });

/** A list page no other test or run has kept (a price limit above every rent: the same listings). */
const listPage = () => `/rent/apartment/?price_max=${80_000_000 + Math.floor(Math.random() * 9_000_000)}`;
const firstHeart = (html: string) => Number(/data-favourite="(\d+)"/.exec(html)?.[1]);
const changedAt = async () =>
  (await env.DB.prepare("SELECT changed_at FROM visibility_changes WHERE id = 1").first<{ changed_at: number }>())!
    .changed_at;

let alice: SignedIn;
const aliceName = `Alisa Ustajala ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  alice = await signUpByPhone({ name: aliceName });
  // The margin after a visibility change (2 s): whatever the seed changed is older than these tests' renders.
  await sleep(2_100);
});

describe("a kept page past its freshness", () => {
  it("is answered once more while it is rendered again, and the new render is kept", async () => {
    const page = listPage();
    const first = await view(page);
    expect([first.status, first.cache, first.why]).toEqual([200, "miss", "absent"]);
    await sleep(FRESHNESS_MS);
    const stale = await view(page);
    expect([stale.status, stale.cache, stale.why]).toEqual([200, "stale", null]);
    expect(firstHeart(stale.html)).toBe(firstHeart(first.html));
    // The background render has kept a fresh copy.
    expect((await view(page)).cache).toBe("hit");
  });

  it("is made the visitor's when stale, and what is rendered again is nobody's", async () => {
    const page = listPage();
    await view(page);
    await sleep(FRESHNESS_MS);
    const theirs = await view(page, alice.jar.header());
    expect([theirs.status, theirs.cache, theirs.cacheControl]).toEqual([200, "stale", "private, no-store"]);
    expect(theirs.html).toContain(`title="${aliceName}"`);
    const guest = await view(page);
    expect([guest.status, guest.cache]).toEqual([200, "hit"]);
    expect(guest.html).not.toContain(aliceName);
    expect(guest.html).not.toContain(VISITOR_DATA_ID);
    expect(guest.html).not.toContain('value="signout"');
  });

  it("is never answered stale with the page cache's stale window off", async () => {
    const page = listPage();
    await view(page, "", { ...kept, PAGE_CACHE_STALE: "0" });
    await sleep(FRESHNESS_MS);
    const again = await view(page, "", { ...kept, PAGE_CACHE_STALE: "0" });
    expect([again.cache, again.why]).toEqual(["miss", "absent"]);
  });

  it("is not answered after a listing left the site since its render: rendered again without it", async () => {
    const page = listPage();
    const first = await view(page);
    const id = firstHeart(first.html);
    expect(id).toBeGreaterThan(0);
    await sleep(FRESHNESS_MS);
    expect((await view(page)).cache).toBe("stale");
    // Taken down however it happens (the owner, staff, the Cron, a feed): the trigger notes it.
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(id).run();
    await sleep(FRESHNESS_MS);
    const after = await view(page);
    expect([after.status, after.cache, after.why]).toEqual([200, "miss", "changed"]);
    expect(after.html).not.toContain(`data-favourite="${id}"`);
  });
});

describe("a kept page made a visitor's", () => {
  it("sends the router's data after the last part to write as it was kept, the rest theirs", async () => {
    const page = listPage();
    await view(page);
    const kept = await view(page);
    const theirs = await view(page, alice.jar.header());
    expect([kept.cache, theirs.cache]).toEqual(["hit", "hit"]);
    const tail = (html: string) =>
      html
        .slice(html.lastIndexOf("<script", html.indexOf("window.__reactRouterContext")))
        .replace(/nonce="[^"]+"/g, "");
    expect(tail(kept.html).length).toBeGreaterThan(1000);
    expect(tail(theirs.html)).toBe(tail(kept.html));
    expect(theirs.html).toMatch(/<\/html>\s*$/);
    expect(theirs.html).toContain(`title="${aliceName}"`);
    expect(theirs.html).toContain(VISITOR_DATA_ID);
  });
});

describe("visibility_changes", () => {
  it("moves when a listing's status, deletion or block changes, an owner is blocked or an article's status changes; not on an edit", async () => {
    const { id, owner_id } = (await env.DB.prepare(
      "SELECT id, owner_id FROM listings WHERE status = 'active' AND deleted_at IS NULL LIMIT 1",
    ).first<{ id: number; owner_id: number }>())!;
    const article = await env.DB.prepare("SELECT id, status FROM articles LIMIT 1").first<{
      id: number;
      status: string;
    }>();
    let before = await changedAt();
    await env.DB.prepare("UPDATE listings SET price = price + 1, title = title WHERE id = ?").bind(id).run();
    await env.DB.prepare("UPDATE listings SET status = status WHERE id = ?").bind(id).run();
    expect(await changedAt()).toBe(before);
    const moves = [
      env.DB.prepare("UPDATE listings SET deleted_at = 1 WHERE id = ?").bind(id),
      env.DB.prepare("UPDATE listings SET blocked_at = 1 WHERE id = ?").bind(id),
      env.DB.prepare("UPDATE users SET blocked_at = 1 WHERE id = ?").bind(owner_id),
      ...(article ? [env.DB.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(article.id)] : []),
    ];
    for (const statement of moves) {
      await sleep(5);
      await statement.run();
      const after = await changedAt();
      expect(after).toBeGreaterThan(before);
      before = after;
    }
  });
});
