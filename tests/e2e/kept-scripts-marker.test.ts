/**
 * Decision 112 in Chromium: the app marks a browser that runs its scripts (a cookie set after hydration); the
 * edge then answers it a kept page's bytes as they are — nothing of the visitor's in them — and the app asks
 * `GET /api/visitor` for the visitor's own parts: the signed-in person's account, hearts and unread badge
 * appear after load, in English and in Russian. The first page of the browser's life (not marked yet) is
 * made theirs at the edge, as before.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import { VISITOR_DATA_ID, VISITOR_PATH } from "#shared/visitor.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, LEFT_SCRIPTS, sessions, signUp, SUPERSEDED_DATA } from "./session.ts";
import { NOBODY_TIMING, SCRIPTS_COOKIE_NAME } from "#shared/visitor-request.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, LEFT_SCRIPTS, SUPERSEDED_DATA]);

const badge = (page: Page) => page.getByTestId("unread-badge");
const signInLink = (page: Page, name: string) => page.locator("header").getByRole("link", { name, exact: true });

it("a signed-in person's own parts come after load on kept pages, once the browser is marked", async () => {
  // Price limits above every rent: the list's listings, at addresses of this run's own.
  const price = 90_000_000 + Math.floor(Math.random() * 9_000_000);
  const en = `/rent/apartment/?price_max=${price}`;
  const ru = `/ru/rent/apartment/?price_max=${price}`;
  const other = `/rent/apartment/?price_max=${price + 1}`;

  // A guest's views keep the pages; the first listing's heart is the one to watch.
  const id = await (async () => {
    const guest = await open();
    const asked: string[] = [];
    guest.page.on("request", (request) => {
      if (new URL(request.url()).pathname === VISITOR_PATH) asked.push(request.url());
    });
    try {
      // Russian last: a prefixed page stores the language choice, which would send the others there.
      for (const path of [other, en, ru]) expect((await guest.page.goto(path))?.status()).toBe(200);
      await hydrated(guest.page);
      // A guest with nothing of their own: the edge says so (`Server-Timing`), and the app asks nothing.
      expect((await guest.page.reload())?.headers()["server-timing"]).toBe(NOBODY_TIMING);
      await hydrated(guest.page);
      expect(asked).toEqual([]);
      return Number(await guest.page.locator("form[data-favourite]").first().getAttribute("data-favourite"));
    } finally {
      await close(guest);
    }
  })();
  expect(id).toBeGreaterThan(0);

  const person = await open();
  const writer = await open();
  try {
    // The development user (their listings get a message: the unread badge), with a heart of their own.
    const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
    const login = { login: account.email, password: account.password };
    expect((await api(person.context, "POST", "/api/auth/login", login)).status).toBe(200);
    expect((await api(person.context, "POST", "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);
    await signUp(writer.context, "Marker Writer");
    const listings = await api<{ items: ApiOwnerListing[] }>(person.context, "POST", "/api/cabinet/realties/active", {
      tab: "active",
      per_page: 50,
    });
    const listing = listings.body.items.find((item) => item.path);
    expect(listing).toBeDefined();
    const sent = await api(writer.context, "POST", "/api/cabinet/messages/create", {
      realty_id: listing!.id,
      text: "Is it still available?",
    });
    expect(sent.status).toBe(201);
    // Seen as a while after those writes: their D1 bookmark (decision 092) would have the pages rendered afresh.
    await person.context.clearCookies({ name: D1_BOOKMARK_COOKIE_NAME });
    const { page } = person;
    const marker = async () => (await person.context.cookies()).find((cookie) => cookie.name === SCRIPTS_COOKIE_NAME);

    // The browser's first page: not marked, so made theirs at the edge; the app marks it.
    expect(await marker()).toBeUndefined();
    const first = await page.goto(other);
    expect(first?.headers()["x-page-cache"]).toBe("hit");
    expect(await first?.text()).toContain(VISITOR_DATA_ID);
    await hydrated(page);
    expect(await marker()).toMatchObject({ value: "1", path: "/", sameSite: "Lax", httpOnly: false });
    expect((await marker())!.expires - Date.now() / 1000).toBeGreaterThan(360 * 24 * 60 * 60);

    for (const [path, signIn] of [
      [en, "Sign in"],
      [ru, "Войти"],
    ] as const) {
      await person.context.clearCookies({ name: D1_BOOKMARK_COOKIE_NAME });
      const res = await page.goto(path);
      expect(res?.headers()["x-page-cache"]).toBe("hit");
      expect(res?.headers()["cache-control"]).toBe("private, no-store");
      // The kept bytes as they are: nothing of theirs.
      const html = (await res?.text()) ?? "";
      expect(html).not.toContain(VISITOR_DATA_ID);
      expect(html).not.toContain('value="signout"');
      expect(html).not.toMatch(new RegExp(`data-favourite="${id}"[^>]*>[\\s\\S]{0,400}?aria-pressed="true"`));
      await hydrated(page);
      // Theirs after load: the account, the heart, the unread badge; no sign-in link.
      const lang = path.startsWith("/ru/") ? "/ru" : "";
      await expect.poll(() => page.locator(`body > header a[href="${lang}/cabinet/"]`).isVisible()).toBe(true);
      await expect.poll(() => signInLink(page, signIn).count()).toBe(0);
      await expect
        .poll(() => page.locator(`form[data-favourite="${id}"] button`).getAttribute("aria-pressed"))
        .toBe("true");
      await expect
        .poll(async () => Number((await badge(page).count()) && (await badge(page).textContent())))
        .toBeGreaterThan(0);
    }
  } finally {
    await close(writer);
    await close(person);
  }
});
