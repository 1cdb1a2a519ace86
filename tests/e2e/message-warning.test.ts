/**
 * Decision 083 in Chromium: the development user, with a conversation open, receives a message that asks
 * for a deposit by Western Union; the calm warning appears beside it live, with a link to the safety advice,
 * which opens `/safety/`. The ordinary message before it has none, and the sender's own page shows none.
 */
import type { BrowserContext } from "playwright-core";
import { expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { ApiMessage } from "#shared/api/messages.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, sessions, signIn, signUp, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

async function write(context: BrowserContext, body: Record<string, unknown>) {
  const res = await api<{ data: ApiMessage }>(context, "POST", "/api/cabinet/messages/create", body);
  expect(res.status).toBe(201);
  return res.body.data;
}

it("warns the recipient beside a money request, live, and links the safety advice", { timeout: 120_000 }, async () => {
  const owner = await open();
  const visitor = await open();
  try {
    await signIn(owner.context, "user");
    await signUp(visitor.context, `Warned Visitor ${Math.floor(Math.random() * 1000)}`);
    const found = await api<{ items: ApiOwnerListing[] }>(owner.context, "POST", "/api/cabinet/realties/active", {
      tab: "active",
      per_page: 50,
    });
    const listing = found.body.items.find((item) => item.path)!;
    const first = await write(visitor.context, { realty_id: listing.id, text: "Is the flat still free?" });

    await owner.page.goto(`/cabinet/messages/?c=${first.conversation_id}`);
    await hydrated(owner.page);
    const thread = owner.page.getByTestId("thread");
    await expect.poll(() => thread.getByTestId("message").last().textContent()).toContain("still free");
    expect(await thread.getByTestId("message-warning").count()).toBe(0);

    await write(visitor.context, {
      conversation_id: first.conversation_id,
      text: "I am abroad. Send a 200 € deposit by Western Union to reserve it and I will post the keys.",
    });
    const warning = thread.getByTestId("message").last().getByTestId("message-warning");
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(1);
    expect(await warning.textContent()).toContain("Never pay a deposit or a reservation");
    expect(await thread.getByTestId("message-warning").count()).toBe(1);

    await visitor.page.goto(`/cabinet/messages/?c=${first.conversation_id}`);
    await hydrated(visitor.page);
    await expect.poll(() => visitor.page.getByTestId("message").count()).toBe(2);
    expect(await visitor.page.getByTestId("message-warning").count()).toBe(0);

    await warning.getByRole("link", { name: "How to rent and buy safely" }).click();
    await owner.page.waitForURL(/\/safety\/$/);
    await expect.poll(() => owner.page.locator("h1").textContent()).toBe("How to rent and buy safely");
  } finally {
    await close(owner);
    await close(visitor);
  }
});
