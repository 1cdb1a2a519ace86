/**
 * The moderator's side in the browser: a visitor reports a conversation, the admin finds it
 * from the moderation queue ("Reported conversations"), reads its messages as text and closes the report —
 * blocking the conversation with JavaScript (in place), dismissing it without (a form post); a blocked
 * conversation takes no more messages.
 */
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

/** A visitor's new conversation with the development user about one of their public listings, reported. */
async function reportedConversation(visitor: BrowserContext, owner: BrowserContext, name: string) {
  await signIn(owner, "user");
  await signUp(visitor, name);
  const listings = await api<{ items: ApiOwnerListing[] }>(owner, "POST", "/api/cabinet/realties/active", {
    tab: "active",
    per_page: 50,
  });
  const listing = listings.body.items.find((item) => item.path)!;
  const first = await api<{ data: { conversation_id: number } }>(visitor, "POST", "/api/cabinet/messages/create", {
    realty_id: listing.id,
    text: "Is it still free?",
  });
  expect(first.status).toBe(201);
  const id = first.body.data.conversation_id;
  const reply = { conversation_id: id, text: "Send a deposit to https://pay.example/x first." };
  expect((await api(owner, "POST", "/api/cabinet/messages/create", reply)).status).toBe(201);
  const report = { conversation_id: id, reason: "fraud", text: `Reported by ${name}.` };
  expect((await api(visitor, "POST", "/api/cabinet/messages/report", report)).status).toBe(200);
  return id;
}

describe.each([true, false])("reported conversations, JavaScript %s", (js) => {
  it("reach the moderator from the queue, read as text, and close", { timeout: 120_000 }, async () => {
    const admin = await open({ js });
    const visitor = await open();
    const owner = await open();
    const name = `Reporter ${js ? "Scripted" : "Plain"} ${Math.floor(Math.random() * 100_000)}`;
    try {
      const id = await reportedConversation(visitor.context, owner.context, name);
      await signIn(admin.context, "admin");
      const page = admin.page;
      await page.goto("/admin/moderation/");
      // A click before the page has hydrated is a document load that aborts its module preloads.
      if (js) await hydrated(page);
      await page.getByRole("link", { name: "Reported conversations" }).click();
      await page.waitForURL("**/admin/moderation/conversations/");
      if (js) await hydrated(page);

      const report = page.locator("article").filter({ hasText: `Reported by ${name}.` });
      await expect.poll(() => report.count()).toBe(1);
      // The owner's link is text of a message, never the page's own markup.
      await expect.poll(() => report.getByText("Send a deposit to").count()).toBe(1);

      if (js) {
        await report.getByRole("button", { name: "Close and block the conversation" }).click();
        await expect.poll(() => page.getByText("The report is closed and the conversation blocked.").count()).toBe(1);
        // The blocked conversation refuses the reported person's next message.
        const next = await api<{ error: { code: string } }>(owner.context, "POST", "/api/cabinet/messages/create", {
          conversation_id: id,
          text: "Hello?",
        });
        expect(next.status).toBe(409);
        expect(next.body.error.code).toBe("blocked");
      } else {
        await report.getByRole("button", { name: "Close the report" }).click();
        await expect.poll(() => page.getByText("The report is closed.").count()).toBe(1);
      }
      await expect
        .poll(() =>
          page
            .locator("article")
            .filter({ hasText: `Reported by ${name}.` })
            .count(),
        )
        .toBe(0);
    } finally {
      await close(owner);
      await close(visitor);
      await close(admin);
    }
  });
});
