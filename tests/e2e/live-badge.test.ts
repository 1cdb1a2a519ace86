/**
 * The header's unread badge in Chromium (decision 039): the development user has a page open; a new
 * account writes to one of their listings through the API, and the owner's badge counts it without a
 * reload, through the person's live channel (a WebSocket to the LiveChannel Durable Object), the header
 * not moving; the owner reads it elsewhere (the API) and the badge counts it off. A guest's page opens no socket.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { ApiMessage } from "#shared/api/messages.ts";
import { LIVE_PATH } from "#shared/live-protocol.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { fileBrowser, hydrated, validateHtml } from "./browser.ts";
import { api, sessions, signUp, SUPERSEDED_DATA } from "./session.ts";
import { SCRIPTS_COOKIE_NAME } from "#shared/visitor-request.ts";

const browser = fileBrowser();

const EXPECTED = [SUPERSEDED_DATA];

const { open: openSession, close } = sessions(browser, EXPECTED);

/** A visitor whose page's WebSockets are listed by URL (`sockets`). */
async function open() {
  const session = await openSession();
  const sockets: string[] = [];
  session.page.on("websocket", (socket) => sockets.push(socket.url()));
  return { ...session, sockets };
}

const badge = (page: Page) => page.getByTestId("unread-badge");
const countOf = async (page: Page) => ((await badge(page).count()) ? Number(await badge(page).textContent()) : 0);

it(
  "the owner's header badge counts a new message live, then counts it off when it is read",
  { timeout: 90_000 },
  async () => {
    const owner = await open();
    const visitor = await open();
    try {
      const account = DEV_ACCOUNTS.find((a) => a.role === "user")!;
      expect(
        (await api(owner.context, "POST", "/api/auth/login", { login: account.email, password: account.password }))
          .status,
      ).toBe(200);
      await signUp(visitor.context, "Live Visitor");
      const listings = await api<{ items: ApiOwnerListing[] }>(owner.context, "POST", "/api/cabinet/realties/active", {
        tab: "active",
        per_page: 50,
      });
      const listing = listings.body.items.find((item) => item.path);
      expect(listing, "the development user has a public listing").toBeDefined();

      // The person's channel is open once its first frame (the count) has arrived.
      const firstFrame = owner.page.waitForEvent("websocket").then((socket) => socket.waitForEvent("framereceived"));
      await owner.page.goto("/search/");
      await hydrated(owner.page);
      await firstFrame;
      expect(owner.sockets.map((url) => new URL(url).pathname)).toEqual([LIVE_PATH]);
      const before = await countOf(owner.page);
      const avatar = owner.page.locator('body > header a[href="/cabinet/"]');
      const place = await avatar.boundingBox();
      const headerHeight = (await owner.page.locator("body > header").boundingBox())!.height;

      const sent = await api<{ data: ApiMessage }>(visitor.context, "POST", "/api/cabinet/messages/create", {
        realty_id: listing!.id,
        text: "Is the flat still available?",
      });
      expect(sent.status).toBe(201);
      await expect.poll(() => countOf(owner.page), { timeout: 5_000 }).toBe(before + 1);
      await expect
        .poll(() => badge(owner.page).getAttribute("aria-label"))
        .toBe(`${before + 1} unread message${before + 1 === 1 ? "" : "s"}`);
      expect(await badge(owner.page).getAttribute("href")).toBe("/cabinet/messages/");
      // Over the avatar's corner: the header keeps its layout.
      expect(await avatar.boundingBox()).toEqual(place);
      expect((await owner.page.locator("body > header").boundingBox())!.height).toBe(headerHeight);
      // No reload happened: still the one document, still the one socket.
      expect(owner.sockets).toHaveLength(1);

      // The badge is a target of its own over the avatar's corner: axe (target size included) has nothing to
      // say, nor has the Nu validator of the server's page with it; at 320 px nothing scrolls sideways.
      expect(describeViolations(await runAxe(owner.page))).toEqual([]);
      // The page as the edge writes it for a browser without JavaScript (no scripts' marker, decision 112).
      await owner.context.clearCookies({ name: SCRIPTS_COOKIE_NAME });
      for (const locale of ["", "/ru", "/sr"]) {
        const served = await owner.context.request.get(`${locale}/search/`);
        const html = await served.text();
        expect(html).toContain('data-testid="unread-badge"');
        const result = (await validateHtml({ page: html })).page!;
        expect(describeVnu(result.errors), locale).toEqual([]);
      }
      await owner.page.setViewportSize({ width: 320, height: 640 });
      expect(
        await owner.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      expect(await badge(owner.page).isVisible()).toBe(true);
      expect(describeViolations(await runAxe(owner.page))).toEqual([]);

      const read = await api<{ data: { unread: number } }>(owner.context, "POST", "/api/cabinet/messages/delivered", {
        conversation_id: sent.body.data.conversation_id,
        up_to_id: sent.body.data.id,
      });
      expect(read.status).toBe(200);
      await expect.poll(() => countOf(owner.page), { timeout: 5_000 }).toBe(read.body.data.unread);

      // A guest's page has no badge and opens no socket.
      await visitor.context.clearCookies();
      await visitor.page.goto("/search/");
      await hydrated(visitor.page);
      await visitor.page.waitForTimeout(500);
      expect(visitor.sockets).toEqual([]);
      expect(await badge(visitor.page).count()).toBe(0);
    } finally {
      await close(owner);
      await close(visitor);
    }
  },
);
