/**
 * A client action whose API call fails shows the notice product §8 gives its status, for
 * 5 000 ms; other statuses show none. The action here is the sign-in dialog's "get a code" step (a
 * fetcher post whose action calls the API); the development header `X-Debug-Api-Status`, added to that
 * post only, makes every API call it causes answer with the status.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { NOTICE_TIMEOUT_MS } from "#shared/constants.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
// Chromium logs each failed response of the action as a console error: that is the point here.
const page = pagePerTest(browser, { baseURL, locale: "ru-RU", viewport: { width: 1280, height: 800 } }, [
  /Failed to load resource: the server responded with a status of \d+/,
]);

/** At most how long the test takes to see a notice once it is shown. */
const SEEN_WITHIN_MS = 1_000;

/** Opens the Russian sign-in dialog, asks for a code by e-mail with the API answering `status`. */
async function failSignIn(page: Page, status: number) {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) =>
      route.request().method() === "POST"
        ? route.continue({ headers: { ...route.request().headers(), "x-debug-api-status": String(status) } })
        : route.continue(),
  );
  await page.goto("/ru/?auth=signin&via=email");
  await hydrated(page);
  // React owns the dialog once it is modal: its forms post in the background from then on.
  await expect.poll(() => page.evaluate(() => document.querySelector("dialog")?.matches(":modal") ?? false)).toBe(true);
  await page.locator('dialog input[name="email"]').fill("someone@kvadrat.test");
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(".data"),
  );
  await page.locator('dialog button[type="submit"][value="code"]').click();
  expect((await answered).status()).toBe(status);
}

it.each([
  [401, "Требуется авторизация"],
  [403, "У вас нет прав для совершения этого действия"],
  [404, "Ошибка сервера"],
  [500, "Произошла ошибка. Повторите запрос или обратитесь в техническую поддержку"],
])("an API %i shows its notice for 5 000 ms", async (status, text) => {
  // The page's clock runs as usual until the notice is seen, then only as the test moves it: its 5 000 ms
  // are checked to the tick without being waited for.
  await page().clock.install();
  await failSignIn(page(), status);
  // Located by its mark rather than by role: while the modal dialog is open, the page behind it is inert.
  const notice = page().locator("li[data-notice-id]").filter({ hasText: text });
  await notice.waitFor();
  // A little ahead of the page's now: under load more than a millisecond passes before the pause is asked for,
  // and a clock cannot be paused in its past.
  await page().clock.pauseAt(await page().evaluate(() => Date.now() + 200));
  // The action's 500 carried the API's message; without error logging the notice does not show it.
  expect(await page().locator("li[data-notice-id]").count()).toBe(1);
  // What passed between the notice's timer starting and the pause is under SEEN_WITHIN_MS.
  await page().clock.runFor(NOTICE_TIMEOUT_MS - SEEN_WITHIN_MS);
  expect(await notice.count()).toBe(1);
  await page().clock.runFor(SEEN_WITHIN_MS);
  await notice.waitFor({ state: "detached", timeout: 2_000 });
});

it("other statuses raise no notice, and the dialog says what went wrong", async () => {
  await failSignIn(page(), 429);
  await expect.poll(() => page().locator("dialog").textContent()).toContain("Слишком много попыток");
  await page().waitForTimeout(500);
  expect(await page().locator("li[data-notice-id]").count()).toBe(0);
});
