/**
 * The back office's content texts and dashboard in Chromium: a new editor (the role granted
 * by the admin) adds a FAQ question, edits its answer and deletes it without JavaScript — plain form posts,
 * an error beside the field, the confirmation after each — and the public FAQ shows the edited answer; the
 * admin's dashboard draws the 30 days as a chart with its table.
 */
import { describe, expect, it } from "vitest";
import { fileBrowser } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

describe("content texts", () => {
  it(
    "an editor adds, edits and deletes a FAQ question without JavaScript; /faq/ shows it",
    { timeout: 120_000 },
    async () => {
      const admin = await open();
      const editor = await open({ js: false });
      const mark = Math.floor(Math.random() * 1e6);
      try {
        // A new account, made an editor by the admin.
        const phone = `+38166${String(mark).padStart(7, "0")}`;
        const request = editor.context.request;
        expect((await request.post("/api/user/register", { data: { phone, name: "Editor E2E" } })).status()).toBe(202);
        const sent = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as {
          items: { code: string }[];
        };
        const verified = await request.post("/api/user/register/verify", {
          data: { phone, code: sent.items[0]!.code, remember_me: false },
        });
        const { data } = (await verified.json()) as { data: { user: { id: number } } };
        await signIn(admin.context, "admin");
        expect(
          (await api(admin.context, "POST", `/api/admin/users/${data.user.id}/roles`, { roles: ["editor"] })).status,
        ).toBe(200);

        const page = editor.page;
        await page.goto("/admin/content/faq/");
        const adding = page.getByRole("region", { name: "Add a question" });
        await adding.getByLabel("Topic").selectOption("account");
        const question = `How do I close my account? (${mark})`;
        await adding.getByLabel("Question — English").fill(question);
        await adding.getByLabel("Question — Russian").fill(`Как закрыть аккаунт? (${mark})`);
        await adding.getByLabel("Question — Serbian").fill(`Kako da zatvorim nalog? (${mark})`);
        await adding.getByLabel("Answer — English").fill("Write to us.");
        await adding.getByLabel("Answer — Russian").fill("Напишите нам.");
        // Blank but for spaces: the browser lets it through, the server names the field.
        await adding.getByLabel("Answer — Serbian").fill("   ");
        await adding.getByRole("button", { name: "Add the question" }).click();
        await expect.poll(() => page.getByText("Fill in this field.").count()).toBe(1);
        const serbian = page.getByRole("region", { name: "Add a question" }).getByLabel("Answer — Serbian");
        expect(await serbian.getAttribute("aria-invalid")).toBe("true");
        // What was typed is kept.
        expect(
          await page.getByRole("region", { name: "Add a question" }).getByLabel("Question — English").inputValue(),
        ).toBe(question);
        await serbian.fill("Pišite nam.");
        await page
          .getByRole("region", { name: "Add a question" })
          .getByRole("button", { name: "Add the question" })
          .click();
        await expect.poll(() => page.getByTestId("content-status").textContent()).toContain("Added.");

        const item = page.getByTestId("faq-items").getByRole("listitem").filter({ hasText: question });
        await item.getByText(question).click();
        const answer = `Open your personal page and choose "Delete account" (${mark}).`;
        await item.getByLabel("Answer — English").fill(answer);
        await item.getByRole("button", { name: "Save" }).click();
        await expect.poll(() => page.getByTestId("content-status").textContent()).toContain("Saved.");

        await page.goto("/faq/");
        await expect.poll(() => page.getByText(answer).count()).toBe(1);

        await page.goto("/admin/content/faq/");
        await page
          .getByTestId("faq-items")
          .getByRole("listitem")
          .filter({ hasText: question })
          .getByRole("button", { name: "Delete" })
          .click();
        await expect.poll(() => page.getByTestId("content-status").textContent()).toContain("Deleted.");
        expect(await page.getByText(question).count()).toBe(0);
      } finally {
        // The refused post answers 400 with the form again, as it should: the browser logs that status.
        await close(editor, [/^console\.error: Failed to load resource: the server responded with a status of 400/]);
        await close(admin);
      }
    },
  );

  it("the dashboard shows the 30 days as a chart and a table", { timeout: 60_000 }, async () => {
    const admin = await open();
    try {
      await signIn(admin.context, "admin");
      await admin.page.goto("/admin/");
      const chart = admin.page.getByTestId("dashboard-chart");
      await expect.poll(() => chart.getByRole("img").count()).toBe(5);
      const table = chart.getByRole("table");
      // A header row, 30 days and the totals.
      await expect.poll(() => table.getByRole("row").count()).toBe(32);
      await expect.poll(() => table.getByRole("columnheader", { name: "Paid in" }).count()).toBe(1);
      await expect.poll(() => admin.page.getByTestId("admin-sections").getByRole("link").count()).toBeGreaterThan(1);
    } finally {
      await close(admin);
    }
  });
});
