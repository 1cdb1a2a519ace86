/**
 * Decision 094 in Chromium: a signed-in person opens a list page kept for everyone (a guest's view kept it)
 * and sees their own header and hearts — with JavaScript after hydration (without a hydration error: the
 * page's problems are checked), and without it in the copy the edge made theirs; a heart's plain form post
 * then removes the favourite.
 */
import { expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, LEFT_SCRIPTS, sessions, signUp, SUPERSEDED_DATA } from "./session.ts";
import { SCRIPTS_COOKIE_NAME } from "#shared/visitor-request.ts";

const browser = fileBrowser();
// A visitor who leaves right after the first view leaves its lazy scripts loading; the heart's revalidation
// is superseded by the next when the favourite is put back from outside the page (fresh-clone runs).
const { open, close } = sessions(browser, [CSP_PRELOADS, LEFT_SCRIPTS, SUPERSEDED_DATA]);

it("a signed-in visitor sees their account and hearts on a kept page, with and without JavaScript", async () => {
  const name = `Kept E2E ${Math.random().toString(36).slice(2, 7)}`;
  // A price limit above every rent: the list's listings, at an address of this run's own.
  const path = `/rent/apartment/?price_max=${90_000_000 + Math.floor(Math.random() * 9_000_000)}`;

  // A guest's view keeps the page; its first listing's heart is the one to watch.
  const id = await (async () => {
    const guest = await open();
    try {
      const res = await guest.page.goto(path);
      expect(res?.headers()["x-page-cache"]).toBe("miss");
      return Number(await guest.page.locator("form[data-favourite]").first().getAttribute("data-favourite"));
    } finally {
      await close(guest);
    }
  })();
  expect(id).toBeGreaterThan(0);

  const person = await open();
  try {
    await signUp(person.context, name);
    expect((await api(person.context, "POST", "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);
    // The write's D1 bookmark (decision 092) has their pages rendered afresh for a few minutes: seen as after it.
    await person.context.clearCookies({ name: D1_BOOKMARK_COOKIE_NAME });
    const { page } = person;
    const res = await page.goto(path);
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    const heart = page.locator(`form[data-favourite="${id}"] button`);
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.locator(`header a[title="${name}"]`).isVisible()).toBe(true);
    const signIn = (of: typeof page) => of.locator("header").getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn(page).count()).resolves.toBe(0);
    // The app's own account and heart: taking the favourite off works in the background (shown unpressed while
    // its post is under way: the favourite is put back from outside only once the post has answered).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/favourites/")),
      heart.click(),
    ]);
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    expect((await api(person.context, "POST", "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);

    // The same person without JavaScript: the edge wrote their parts into the kept copy.
    const plain = await open({ js: false });
    try {
      const cookies = await person.context.cookies();
      // Not the scripts' marker either (decision 112): a browser without JavaScript never has it.
      const theirCookies = cookies.filter(
        (cookie) => ![D1_BOOKMARK_COOKIE_NAME, SCRIPTS_COOKIE_NAME].includes(cookie.name),
      );
      await plain.context.addCookies(theirCookies);
      const again = await plain.page.goto(path);
      expect(again?.headers()["x-page-cache"]).toBe("hit");
      const theirs = plain.page.locator(`form[data-favourite="${id}"] button`);
      await expect(theirs.getAttribute("aria-pressed")).resolves.toBe("true");
      const account = await plain.page.locator(`header a[title="${name}"]`).isVisible();
      // The header as it came, in the message: a run's summary keeps the message.
      expect(
        account,
        `no account in the header: ${(await plain.page.content()).match(/<header[^]*?<\/header>/)?.[0]}`,
      ).toBe(true);
      await expect(signIn(plain.page).isVisible()).resolves.toBe(false);
      await expect(plain.page.getByRole("button", { name: "Sign out" }).isVisible()).resolves.toBe(true);
      // The heart's plain post removes it (the edge wrote `remove`), and the page comes back theirs.
      await Promise.all([
        plain.page.waitForResponse(
          (r) => r.url().includes("price_max") && r.request().method() === "GET" && r.status() === 200,
        ),
        theirs.click(),
      ]);
      await expect(
        plain.page.locator(`form[data-favourite="${id}"] button`).getAttribute("aria-pressed"),
      ).resolves.toBe("false");
    } finally {
      await close(plain);
    }
  } finally {
    await close(person);
  }
});
