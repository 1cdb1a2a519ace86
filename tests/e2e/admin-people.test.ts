/**
 * In Chromium, the back office's people and listings: an admin finds a person and blocks them
 * with plain form posts (no JavaScript) — the person's session ends at once; a moderator finds a public
 * listing, hides it (it leaves the public site) and restores it with reasons, with JavaScript.
 */
import { expect, it } from "vitest";
import type { ApiListing } from "#shared/api/realty.ts";
import { fileBrowser, hydrated } from "./browser.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp, SUPERSEDED_DATA } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS, SUPERSEDED_DATA]);

it("an admin finds a person and blocks them without JavaScript: their session ends", { timeout: 120_000 }, async () => {
  const admin = await open({ js: false });
  const person = await open();
  const name = `Blockme ${Math.floor(Math.random() * 1e9)}`;
  try {
    await signUp(person.context, name);
    expect((await api(person.context, "GET", "/api/account/data")).status).toBe(200);
    await signIn(admin.context, "admin");
    const page = admin.page;
    await page.goto("/admin/users/");
    await page.getByLabel("Find a person").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/admin\/users\/\?q=/);
    await expect.poll(() => page.getByTestId("users-total").textContent()).toBe("1 person found.");
    await page.getByRole("link", { name }).click();
    await page.waitForURL(/\/admin\/users\/\d+\/$/);

    // Too short a reason is named beside its field; nothing changes.
    await page.getByLabel("Why block this person").fill("x");
    // The browser's own check would stop the post: the server's answer is what is tested.
    await page.locator("#block-reason").evaluate((field) => field.removeAttribute("minlength"));
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await expect.poll(() => page.locator("#block-reason-error").count()).toBe(1);
    expect((await api(person.context, "GET", "/api/account/data")).status).toBe(200);

    await page.getByLabel("Why block this person").fill("Offers deposits outside the site");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    await page.waitForURL(/\?done=block$/);
    expect(await page.getByTestId("user-status").textContent()).toContain("The person is blocked");
    expect(await page.getByTestId("user-state").textContent()).toContain("Offers deposits outside the site");
    const refused = await api<{ error: { code: string; message: string } }>(person.context, "GET", "/api/account/data");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "account_blocked" });
    expect(refused.body.error.message).toContain("Offers deposits outside the site");
    // The audit log shows the block with its reason.
    await page.getByRole("link", { name: /audit log/ }).click();
    await page.waitForURL(/\/admin\/audit\/\?target=user/);
    const row = page.getByTestId("audit").locator("tbody tr").first();
    expect(await row.textContent()).toContain("user.block");
    expect(await row.textContent()).toContain("Offers deposits outside the site");
  } finally {
    // The refused post of the short reason answers 400, as it should.
    await close(admin, [/^console\.error: Failed to load resource: the server responded with a status of 400/]);
    await close(person);
  }
});

it("a moderator hides a listing from the site and restores it", { timeout: 120_000 }, async () => {
  const admin = await open();
  const moderator = await open({ js: true });
  try {
    await signIn(admin.context, "admin");
    await signUp(moderator.context, `Moderator ${Math.floor(Math.random() * 1e6)}`);
    const me = await api<{ data: { id: number } }>(moderator.context, "GET", "/api/account/data");
    const id = me.body.data.id;
    expect((await api(admin.context, "POST", `/api/admin/users/${id}/roles`, { roles: ["moderator"] })).status).toBe(
      200,
    );
    const found = await api<{ items: ApiListing[] }>(admin.context, "GET", "/api/realty/search?per_page=50");
    const listing = found.body.items[Math.floor(Math.random() * found.body.items.length)]!;

    const page = moderator.page;
    await page.goto("/admin/listings/");
    await hydrated(page);
    await page.getByLabel("Find a listing").fill(String(listing.id));
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/admin\/listings\/\?q=/);
    await page.getByRole("link", { name: `No. ${listing.id}`, exact: true }).click();
    await page.waitForURL(`**/admin/listings/${listing.id}/`);
    await page.getByLabel("Why hide it").fill("Photos of another flat");
    await page.getByRole("button", { name: "Hide", exact: true }).click();
    await expect.poll(() => page.getByTestId("listing-status").textContent()).toContain("The listing is hidden");
    expect(await page.getByTestId("listing-state").textContent()).toContain("Photos of another flat");
    expect((await api(admin.context, "GET", `/api/realty/${listing.id}`)).status).toBe(404);
    await expect
      .poll(() => page.getByTestId("listing-history").textContent())
      .toContain("hidden: Photos of another flat");

    await page.getByLabel("Why restore it").fill("The owner sent the right photos");
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await expect.poll(() => page.getByTestId("listing-status").textContent()).toContain("restored");
    expect((await api(admin.context, "GET", `/api/realty/${listing.id}`)).status).toBe(200);
  } finally {
    await close(admin);
    await close(moderator);
  }
});
