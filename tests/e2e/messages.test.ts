/**
 * Decision 039 in Chromium, two people at once, once with JavaScript and once without: a new account
 * writes to the development user from one of its listings' pages; the owner, with the messages open, sees
 * the unread count appear (live with JavaScript, on reload without), opens the conversation and answers;
 * the visitor, with the conversation open, sees the answer and the read mark of their own message. With
 * JavaScript nothing reloads (a reply shows at once, a failed one rolls back with the product §8 alert). Then
 * axe and the Nu validator check the list and the conversation in Serbian, and neither scrolls
 * sideways at 320 px.
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { ApiMessage } from "#shared/api/messages.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import {
  countDateFormatters,
  dateFormattersBuilt,
  fileBrowser,
  hydrated,
  hydratedElement,
  validateHtml,
} from "./browser.ts";
import { api, sessions, signIn, signUp, type SessionOptions, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

/** Problems the flow causes on purpose or that are not the page's. */
const EXPECTED = [
  CSP_PRELOADS,
  SUPERSEDED_DATA,
  // The failure made on purpose: its form post answers 500.
  /^console\.error: Failed to load resource: the server responded with a status of 500/,
];

const { open: openSession, close } = sessions(browser, EXPECTED);

/** A visitor whose page's document requests are listed by URL (`documents`): a form post without JavaScript is one. */
async function open(options?: SessionOptions) {
  const session = await openSession(options);
  const documents: string[] = [];
  session.page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  return { ...session, documents };
}

/** One of the development user's public listings. */
async function ownersListing(owner: BrowserContext): Promise<ApiOwnerListing> {
  const found = await api<{ items: ApiOwnerListing[] }>(owner, "POST", "/api/cabinet/realties/active", {
    tab: "active",
    per_page: 50,
  });
  expect(found.status).toBe(200);
  const listing = found.body.items.find((item) => item.path);
  expect(listing, "the development user has a public listing").toBeDefined();
  return listing!;
}

const entry = (page: Page, id: number) => page.locator(`[data-testid="conversation"][data-id="${id}"]`);
const messages = (page: Page) => page.getByTestId("thread").getByTestId("message");
const lastMessage = (page: Page) => messages(page).last();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

for (const js of [true, false]) {
  it(
    `a visitor writes from the listing page, the owner answers, each sees the other (JavaScript ${js ? "on" : "off"})`,
    { timeout: 180_000 },
    async () => {
      const owner = await open({ js });
      const visitor = await open({ js });
      const name = `Visitor ${js ? "Scripted" : "Plain"} ${Math.floor(Math.random() * 1000)}`;
      try {
        await signIn(owner.context, "user");
        await signUp(visitor.context, name);
        const listing = await ownersListing(owner.context);

        // The owner has the messages open.
        await owner.page.goto("/cabinet/messages/");
        if (js) await hydrated(owner.page);

        // The visitor writes from the listing's page and follows the confirmation into the conversation.
        await visitor.page.goto(listing.path!);
        if (js) await hydrated(visitor.page);
        const contact = visitor.page.getByTestId("detail-owner");
        // The signed-in contact forms are a lazy chunk (decision 037): in place only once it has hydrated.
        if (js) await hydratedElement(contact.getByText("Write a message"));
        await contact.getByText("Write a message").click();
        const question = `Is it still available? (${name})\nCan I see it on Saturday?`;
        await contact.getByLabel("Your message to the owner").fill(question);
        await contact.getByRole("button", { name: "Send message" }).click();
        const opening = contact.getByTestId("open-conversation");
        await opening.waitFor();
        const id = Number(/[?&]c=(\d+)/.exec((await opening.getAttribute("href"))!)![1]);
        await opening.click();
        await visitor.page.waitForURL(new RegExp(`/cabinet/messages/\\?c=${id}$`));
        if (js) await hydrated(visitor.page);
        await expect.poll(() => lastMessage(visitor.page).textContent()).toContain("Can I see it on Saturday?");
        expect(await lastMessage(visitor.page).getAttribute("data-mark")).toMatch(/^(sent|delivered)$/);
        if (js) expect(await focused(visitor.page)).toBe("reply-text");

        // The owner sees the unread conversation appear: live with JavaScript, on reload without.
        if (!js) await owner.page.reload();
        await expect
          .poll(async () => (await entry(owner.page, id).getByTestId("unread").count()) > 0, { timeout: 10_000 })
          .toBe(true);
        expect(await entry(owner.page, id).getByTestId("unread").textContent()).toContain("1 unread message");
        await entry(owner.page, id).click();
        await owner.page.waitForURL(new RegExp(`/cabinet/messages/\\?c=${id}$`));
        await expect.poll(() => owner.page.title()).toContain(name);
        await expect.poll(() => lastMessage(owner.page).textContent()).toContain("Can I see it on Saturday?");
        if (js) await expect.poll(() => focused(owner.page)).toBe("reply-text");

        // The visitor's message is read now: the mark changes live (or on reload).
        if (!js) await visitor.page.reload();
        await expect.poll(() => lastMessage(visitor.page).getAttribute("data-mark"), { timeout: 10_000 }).toBe("read");

        // The owner answers (Ctrl+Enter sends with JavaScript; Enter is a new line).
        const answer = `Yes, come at ten. (${name})`;
        const box = owner.page.getByLabel("Your message");
        if (js) {
          await box.fill("Yes, come at ten.");
          await box.press("Enter");
          await box.pressSequentially(`Ring twice. (${name})`);
          await box.press("Control+Enter");
          // At once, before the answer: the message is in the thread and the box is empty for the next.
          await expect.poll(() => lastMessage(owner.page).textContent()).toContain(`Ring twice. (${name})`);
          expect(await box.inputValue()).toBe("");
          await expect.poll(() => lastMessage(owner.page).getAttribute("data-mark")).toMatch(/^(sent|delivered|read)$/);
          expect(await lastMessage(owner.page).locator("p").first().textContent()).toBe(
            `Yes, come at ten.\nRing twice. (${name})`,
          );
        } else {
          await box.fill(answer);
          await owner.page.getByRole("button", { name: "Send", exact: true }).click();
          await owner.page.waitForURL(new RegExp(`/cabinet/messages/\\?c=${id}$`));
          await expect.poll(() => lastMessage(owner.page).textContent()).toContain(answer);
        }
        const expected = js ? `Ring twice. (${name})` : answer;

        // The visitor sees the answer: live with JavaScript, on reload without.
        if (!js) await visitor.page.reload();
        await expect.poll(() => lastMessage(visitor.page).textContent(), { timeout: 10_000 }).toContain(expected);
        expect(await lastMessage(visitor.page).getAttribute("data-mine")).toBeNull();
        const stored = await api<{ items: ApiMessage[] }>(
          visitor.context,
          "GET",
          `/api/cabinet/messages/list?conversation_id=${id}`,
        );
        expect(stored.body.items[0]!.text).toContain(expected);

        if (js) {
          // Nothing reloaded: each person loaded one document (the visitor the listing's page, then followed
          // the confirmation's link in place), every step after it happened in place.
          expect(owner.documents).toHaveLength(1);
          expect(visitor.documents).toHaveLength(1);

          // A reply the API fails (500) rolls back: the product §8 alert, the words back in the box.
          const count = await messages(owner.page).count();
          await owner.page.route(
            (url) => url.pathname.endsWith(".data"),
            (route) =>
              route.request().method() === "POST"
                ? route.continue({ headers: { ...route.request().headers(), "x-debug-api-status": "500" } })
                : route.continue(),
          );
          await box.fill("This one fails");
          await owner.page.getByRole("button", { name: "Send", exact: true }).click();
          await owner.page
            .locator("li[data-notice-id]")
            .filter({ hasText: "An error occurred. Please repeat the request or contact technical support" })
            .waitFor();
          await expect.poll(() => messages(owner.page).count()).toBe(count);
          expect(await box.inputValue()).toBe("This one fails");
          await owner.page.unroute((url) => url.pathname.endsWith(".data"));
        }
      } finally {
        await close(owner);
        await close(visitor);
      }
    },
  );
}

it("loads earlier messages in place with JavaScript, the view kept where it was", { timeout: 120_000 }, async () => {
  const owner = await open();
  const visitor = await open();
  try {
    await signIn(owner.context, "user");
    await signUp(visitor.context, "Earlier Visitor");
    const listing = await ownersListing(owner.context);
    // A thread longer than a page: the first 14 in a window of the hourly limit three hours ago (the
    // development clock knob), the other 20 now.
    const now = Date.now();
    let id = 0;
    for (let i = 0; i < 34; i++) {
      const res = await visitor.context.request.post("/api/cabinet/messages/create", {
        data: id ? { conversation_id: id, text: `Line ${i}` } : { realty_id: listing.id, text: `Line ${i}` },
        headers: {
          "x-requested-with": "XMLHttpRequest",
          origin: baseURL,
          ...(i < 14 ? { "x-debug-now": String(now - 3 * 3600_000 + i * 1000) } : {}),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      id ||= ((await res.json()) as { data: ApiMessage }).data.conversation_id;
    }
    const page = visitor.page;
    // The date formatters the page builds: none while it loads (the days come with its data; building
    // the first costs a phone tens of milliseconds of Intl's data, decision 045).
    await countDateFormatters(page);
    await page.goto(`/cabinet/messages/?c=${id}`);
    await hydrated(page);
    expect(await dateFormattersBuilt(page)).toBe(0);
    expect(await messages(page).count()).toBe(30);
    // The newest are in view without a script's help; the reader scrolls up to the oldest shown.
    const scroller = page.getByTestId("thread").locator('[role="region"]');
    const box = (await scroller.boundingBox())!;
    const newest = (await lastMessage(page).boundingBox())!;
    expect(newest.y).toBeGreaterThanOrEqual(box.y);
    expect(newest.y + newest.height).toBeLessThanOrEqual(box.y + box.height);
    await scroller.evaluate((box) => box.scrollBy(0, -100_000));
    await page.getByTestId("earlier").scrollIntoViewIfNeeded();
    const firstId = (await messages(page).first().getAttribute("id"))!;
    expect(await page.locator(`#${firstId}`).textContent()).toContain("Line 4");
    const before = (await page.locator(`#${firstId}`).boundingBox())!.y;
    await page.getByTestId("earlier").click();
    await expect.poll(() => messages(page).count()).toBe(34);
    expect(page.url()).toMatch(new RegExp(`\\?c=${id}$`));
    // The message that was first is where it was; the newest of the loaded ones has the focus.
    expect(Math.abs((await page.locator(`#${firstId}`).boundingBox())!.y - before)).toBeLessThan(2);
    await expect.poll(() => focused(page)).toBe(await messages(page).nth(3).getAttribute("id"));
    expect(await page.getByTestId("earlier").count()).toBe(0);
    expect(await page.getByTestId("thread-heard").textContent()).toBe("4 earlier messages loaded.");
    expect(visitor.documents).toHaveLength(1);
  } finally {
    await close(owner);
    await close(visitor);
  }
});

it("blocks, unblocks and reports in place with JavaScript", { timeout: 120_000 }, async () => {
  const owner = await open();
  const visitor = await open();
  try {
    await signIn(owner.context, "user");
    await signUp(visitor.context, "Pushy Visitor");
    const listing = await ownersListing(owner.context);
    const written = await api<{ data: ApiMessage }>(visitor.context, "POST", "/api/cabinet/messages/create", {
      realty_id: listing.id,
      text: "Pay the deposit to my card first.",
    });
    expect(written.status).toBe(201);
    const id = written.body.data.conversation_id;
    const page = owner.page;
    await page.goto(`/cabinet/messages/?c=${id}`);
    await hydrated(page);
    const status = page.getByTestId("thread-status");

    await page.getByRole("button", { name: "Block Pushy Visitor" }).click();
    await expect.poll(() => status.textContent()).toBe("Pushy Visitor is blocked: no messages go either way.");
    await page.getByTestId("blocked").waitFor();
    expect(await page.getByTestId("reply").count()).toBe(0);
    const refused = await api(visitor.context, "POST", "/api/cabinet/messages/create", {
      conversation_id: id,
      text: "Hello?",
    });
    expect(refused.status).toBe(409);

    await page.getByRole("button", { name: "Unblock Pushy Visitor" }).click();
    await expect
      .poll(() => status.textContent())
      .toBe("Pushy Visitor is unblocked: you can write to each other again.");
    await page.getByTestId("reply").waitFor();

    await page.getByTestId("report").click();
    const form = page.getByTestId("report-form");
    await form.getByLabel("Fraud: asks for money, data or payment outside the site").check();
    await form.getByLabel(/^What happened/).fill("Asks for a deposit before any viewing.");
    await form.getByRole("button", { name: "Send the report" }).click();
    await expect.poll(() => status.textContent()).toBe("Thank you: the moderators will look at this conversation.");
    expect(await form.isVisible()).toBe(false);
    expect(await focused(page)).toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("report");
    expect(owner.documents).toHaveLength(1);
  } finally {
    await close(owner);
    await close(visitor);
  }
});

it(
  "passes axe and the Nu validator in Serbian, the list and a conversation, and fits a 320 px screen",
  { timeout: 180_000 },
  async () => {
    const session = await open();
    const visitor = await open();
    const page = session.page;
    try {
      await signIn(session.context, "user");
      await signUp(visitor.context, "Audit Visitor");
      const listing = await ownersListing(session.context);
      const written = await api<{ data: ApiMessage }>(visitor.context, "POST", "/api/cabinet/messages/create", {
        realty_id: listing.id,
        text: "Is the flat still free?\nSee https://example.rs/plan.pdf — and <b>this</b>.",
      });
      expect(written.status).toBe(201);
      const id = written.body.data.conversation_id;
      expect(
        (await api(session.context, "POST", "/api/cabinet/messages/create", { conversation_id: id, text: "It is." }))
          .status,
      ).toBe(201);

      const html: Record<string, string> = {};
      // In one language, Serbian: the audit project takes the three by turns (decision 063).
      {
        const prefix = "/sr";
        for (const path of [`${prefix}/cabinet/messages/`, `${prefix}/cabinet/messages/?c=${id}`]) {
          await page.goto(path);
          await hydrated(page);
          expect(describeViolations(await runAxe(page)), path).toEqual([]);
          html[path] = await (await page.request.get(path)).text();
        }
      }
      // The report form, open, is accessible too; so are the blocked conversation and a refused reply.
      await page.goto(`/cabinet/messages/?c=${id}`);
      await hydrated(page);
      await page.getByTestId("report").click();
      expect(describeViolations(await runAxe(page)), "report form").toEqual([]);
      html["refused"] = await (
        await page.request.post(`/cabinet/messages/?c=${id}`, {
          form: { intent: "reply", conversation_id: String(id), text: " ", redirect_to: `/cabinet/messages/?c=${id}` },
          headers: { origin: baseURL },
        })
      ).text();
      for (const [path, result] of Object.entries(await validateHtml(html))) {
        expect(describeVnu(result.errors), path).toEqual([]);
      }

      // Mobile first: the list and the conversation are screens of their own, neither scrolls sideways.
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto("/cabinet/messages/");
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await page.getByTestId("thread").count()).toBe(0);
      await entry(page, id).click();
      await page.waitForURL(/\?c=\d+$/);
      await page.getByTestId("thread").waitFor();
      expect(await page.locator("#conversations").isVisible()).toBe(false);
      expect(await page.getByTestId("back").isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // Side by side from 60rem.
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await page.locator("#conversations").isVisible()).toBe(true);
      expect(await page.getByTestId("back").isVisible()).toBe(false);
    } finally {
      await close(session);
      await close(visitor);
    }
  },
);
