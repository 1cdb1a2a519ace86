/**
 * The back office's articles in Chromium (decision 059): an admin makes a new account an editor;
 * the editor writes an article in the browser — first refused at a field, in place — publishes it, uploads
 * a cover, previews it and finds it on /media/ with its Markdown rendered. axe checks the editor with an
 * error shown.
 */
import { expect, it } from "vitest";
import type { ApiUser } from "#shared/api/auth.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { gradientPng } from "#tests/fixtures/photos.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, sessions, signIn, signUp, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();

const { open, close } = sessions(browser, [
  CSP_PRELOADS,
  SUPERSEDED_DATA,
  // The first save is refused on purpose (the lead is missing): its post answers 400.
  /^console\.error: Failed to load resource: the server responded with a status of 400/,
]);

it("an editor writes an article in the browser, previews it and finds it on /media/", async () => {
  const admin = await open();
  const editor = await open();
  try {
    await signUp(editor.context, "Edith Editor");
    const me = await api<{ data: ApiUser }>(editor.context, "GET", "/api/cabinet/user");
    await signIn(admin.context, "admin");
    const granted = await api(admin.context, "POST", `/api/admin/users/${me.body.data.id}/roles`, {
      roles: ["editor"],
    });
    expect(granted.status).toBe(200);

    const { page } = editor;
    await page.goto("/admin/content/");
    await hydrated(page);
    await page.getByRole("link", { name: "New article" }).click();
    await page.waitForURL("**/admin/content/articles/new/");

    const slug = `e2e-article-${Date.now().toString(36)}`;
    const title = `Renting in Niš, ${slug}`;
    const english = page.getByRole("group", { name: "English version" });
    await page.getByLabel("Tag").selectOption({ index: 1 });
    await page.getByLabel("Address (slug)").fill(slug);
    await page.getByRole("radio", { name: "Published" }).check();
    await english.getByLabel("Title").fill(title);
    await english.getByLabel("Text (Markdown)").fill("Prices **rose** this spring.\n\n## Deposits\n\n- one month");
    await page.getByRole("button", { name: "Create the article" }).click();

    // The lead is missing: said at its field, what was typed kept.
    const lead = english.getByLabel("Lead");
    await expect.poll(() => lead.getAttribute("aria-invalid")).toBe("true");
    expect(await english.getByText("Fill in this field.").count()).toBe(1);
    expect(await english.getByLabel("Title").inputValue()).toBe(title);
    expect(describeViolations(await runAxe(page))).toEqual([]);

    await lead.fill("What tenants pay in Niš now.");
    await page.getByRole("button", { name: "Create the article" }).click();
    await page.waitForURL(/\/admin\/content\/articles\/\d+\/\?done=created$/);
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("The article is created.");

    // A cover through the photo pipeline.
    await page.getByLabel("Cover photo").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from(await gradientPng(1400, 900)),
    });
    await page.getByRole("button", { name: "Upload the cover" }).click();
    await page.waitForURL(/\?done=cover$/);
    const cover = page.getByRole("img", { name: "The article's cover" });
    expect(await cover.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{32}-1200\.webp$/);

    await page.getByRole("link", { name: "Preview" }).click();
    await page.waitForURL(/\/preview\/$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.locator("article strong").textContent()).toBe("rose");

    // Published: on /media/ for everyone, the body rendered from Markdown.
    const guest = await open();
    try {
      // Anonymous pages are kept at the edge for PAGE_CACHE_TTL (60 s, decision 010): within it, it shows.
      const link = guest.page.getByRole("link", { name: title });
      for (const started = Date.now(); ;) {
        await guest.page.goto("/media/");
        // Its scripts loaded before the next look: going again would cut their requests.
        await hydrated(guest.page);
        await guest.page.waitForLoadState("networkidle");
        if ((await link.count()) > 0 || Date.now() - started > 75_000) break;
        await guest.page.waitForTimeout(5_000);
      }
      await link.click();
      await guest.page.waitForURL(`**/${slug}/`);
      await expect.poll(() => guest.page.getByRole("heading", { name: "Deposits", level: 2 }).count()).toBe(1);
      expect(await guest.page.locator("article li").first().textContent()).toBe("one month");
      // Not in Russian: it was written in English only.
      await guest.page.waitForLoadState("networkidle");
      expect((await guest.page.goto(`/ru${new URL(guest.page.url()).pathname}`))?.status()).toBe(404);
    } finally {
      await close(guest, [/status of 404/]);
    }
  } finally {
    await close(editor);
    await close(admin);
  }
}, 150_000);
