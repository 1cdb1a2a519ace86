/**
 * Decision 098 in Chromium, without JavaScript (plain form posts): a new account founds an agency on
 * /cabinet/agency/, invites an agent by e-mail; the agent opens the e-mailed link signed in with that
 * address and joins; the manager sees them among the members and removes them. In Serbian the page
 * speaks Serbian.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { fileBrowser } from "./browser.ts";
import { sessions, signUp, signUpByEmail, CSP_PRELOADS } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS]);

const submit = async (page: Page, name: string) => {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name }).click()]);
};

it("founds an agency, invites an agent who joins by the link, and removes them", { timeout: 120_000 }, async () => {
  const manager = await open({ js: false });
  const agent = await open({ js: false });
  try {
    await signUp(manager.context, "Mila Manager");
    const name = `Agencija E2E ${Date.now().toString(36)}`;
    await manager.page.goto("/cabinet/agency/");
    await expect.poll(() => manager.page.getByRole("heading", { level: 1 }).textContent()).toBe("My agency");
    await manager.page.getByLabel("Agency name").fill(name);
    await manager.page.getByLabel("Number in the register of brokers").fill("no digits");
    await submit(manager.page, "Found the agency");
    // The number's format is refused in place, the name kept.
    await expect.poll(() => manager.page.getByLabel("Agency name").inputValue()).toBe(name);
    expect(await manager.page.locator("main").textContent()).toContain("register");
    await manager.page.getByLabel("Number in the register of brokers").fill("360-00-00123/2014-10");
    await submit(manager.page, "Found the agency");
    await expect.poll(() => manager.page.getByTestId("agency-done").textContent()).toContain("Your agency is founded");
    expect(await manager.page.getByTestId("agency-current").textContent()).toContain(name);

    const email = await signUpByEmail(agent.context, "Ana Agent");
    await manager.page.getByLabel("E-mail address").fill(email);
    await manager.page.getByLabel("Role").selectOption("agent");
    await submit(manager.page, "Send the invitation");
    await expect.poll(() => manager.page.getByTestId("agency-done").textContent()).toBe("The invitation is sent.");

    const mail = (await (
      await agent.context.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      items: { purpose: string; body: string }[];
    };
    const link = /https?:\/\/\S+\?invite=\S+/.exec(mail.items.find((m) => m.purpose === "agency_invite")!.body)![0];
    const url = new URL(link);
    await agent.page.goto(url.pathname + url.search);
    await submit(agent.page, "Join the agency");
    await expect.poll(() => agent.page.getByTestId("agency-done").textContent()).toBe("You joined the agency.");
    expect(await agent.page.getByTestId("agency-current").textContent()).toContain("agent");

    await manager.page.goto("/cabinet/agency/");
    const members = manager.page.getByTestId("agency-members").locator("li");
    await expect.poll(() => members.count()).toBe(2);
    await submit(manager.page, "Remove Ana Agent");
    await expect.poll(() => manager.page.getByTestId("agency-done").textContent()).toBe("The member is removed.");
    expect(await members.count()).toBe(1);
    // The founder cannot remove themselves: the licence stays with them.
    await submit(manager.page, "Remove Mila Manager");
    expect(await manager.page.getByRole("alert").first().textContent()).toContain("licence");

    await manager.page.goto("/sr/cabinet/agency/");
    await expect.poll(() => manager.page.getByRole("heading", { level: 1 }).textContent()).toBe("Moja agencija");
  } finally {
    await close(manager, [/status of (400|409)/]);
    await close(agent);
  }
});
