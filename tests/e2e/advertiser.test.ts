/**
 * Decision 087 in Chromium, without JavaScript: an agency registers through the dialog with its name and
 * licence number, its listing's card and detail name the agency without the badge; a moderator confirms
 * the licence on the agency's back-office page; a visitor then sees "Licensed agency" on the card and the
 * detail, with "Phone verified" and "On Kvadrat since".
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { fileBrowser } from "./browser.ts";
import { publicListing } from "./listings.ts";
import { api, CSP_PRELOADS, sessions, signIn, signUp } from "./session.ts";

const browser = fileBrowser();
const { open, close } = sessions(browser, [CSP_PRELOADS]);

const random = (below: number) => Math.floor(Math.random() * below);

async function outboxCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      code = ((await res.json()) as { items: { code: string }[] }).items[0]?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The card of listing `id` on a page of cards. */
const cardOf = (page: Page, id: number) => page.locator(`article[aria-labelledby="listing-${id}-title"]`);

it(
  "an agency registers, a moderator checks its licence, its card and detail show the badge (no JavaScript)",
  { timeout: 180_000 },
  async () => {
    const agency = await open({ js: false });
    const admin = await open();
    const moderator = await open({ js: false });
    const visitor = await open({ js: false });
    const agencyName = `Kvadrat Test Nekretnine ${random(1e6)}`;
    const licence = `360-00-${String(random(1e5)).padStart(5, "0")}/2024-10`;
    const phone = `+38166${String(random(1e7)).padStart(7, "0")}`;
    try {
      // The agency signs up through the dialog: the agency's fields, a code, the account. Without
      // JavaScript each step after the first is the `/auth/` page itself, so fields are found on the page.
      const page = agency.page;
      await page.goto("/?auth=register");
      await page.getByLabel("Your name").fill("Milica Agentić");
      await page.locator('input[name="telephone"]').fill(phone);
      await page.getByLabel("Agency", { exact: true }).check();
      await page.getByLabel("Agency name").fill(agencyName);
      // A malformed number is named beside its field; what was typed stays.
      await page.getByLabel(/Number in the register/).fill("no digits here");
      await page.getByRole("button", { name: "Get a code" }).click();
      await expect.poll(() => page.getByText(/Enter the number as the register/).count()).toBe(1);
      expect(await page.getByLabel("Agency name").inputValue()).toBe(agencyName);
      await page.getByLabel(/Number in the register/).fill(licence);
      await page.locator('input[name="telephone"]').fill(phone);
      await page.getByRole("button", { name: "Get a code" }).click();
      await page.getByLabel("Code", { exact: true }).fill(await outboxCode(page, phone));
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      const me = await api<{ data: { id: number; advertiser: { licence: string; agency_name: string } } }>(
        agency.context,
        "GET",
        "/api/account/data",
      );
      expect(me.body.data.advertiser).toMatchObject({ agency_name: agencyName, licence: "awaiting" });
      const agencyId = me.body.data.id;

      // The profile says the number waits for a check.
      await page.goto("/cabinet/personal/");
      expect(await page.getByTestId("licence-state").getAttribute("data-state")).toBe("awaiting");

      // Its listing, approved by the admin.
      await signIn(admin.context, "admin");
      const price = 180_000 + random(9_000) * 10 + 7;
      const listingId = await publicListing(agency.context, admin.context, {
        city: "novi-sad",
        address: "Agency street 5",
        lat: 45.25,
        lng: 19.84,
        area: 52,
        description: "A two-room flat an agency offers, with its licence checked by a moderator.",
        price,
      });
      const detail = await api<{ data: ApiListingDetail }>(visitor.context, "GET", `/api/realty/${listingId}`);
      expect(detail.body.data.agency).toEqual({
        name: agencyName,
        licensed: false,
        page: expect.stringMatching(/^\/agency\/kvadrat-test-nekretnine-\d+\/$/),
      });

      // A moderator (no admin) finds the agency among those awaiting a check and confirms the licence.
      await signUp(moderator.context, `Moderator ${random(1e6)}`);
      const mod = await api<{ data: { id: number } }>(moderator.context, "GET", "/api/account/data");
      const granted = await api(admin.context, "POST", `/api/admin/users/${mod.body.data.id}/roles`, {
        roles: ["moderator"],
      });
      expect(granted.status).toBe(200);
      const back = moderator.page;
      await back.goto("/admin/agencies/");
      expect(await back.getByTestId("agencies-total").textContent()).toMatch(/\d+ agenc/);
      // Awaiting ones are listed oldest first: the new agency may be on a later page; its page is linked from there.
      await back.goto(`/admin/agencies/${agencyId}/`);
      expect(await back.getByTestId("agency-facts").textContent()).toContain(licence);
      await back.getByRole("button", { name: "Confirm licence" }).click();
      await back.waitForURL(/\?done=confirm$/);
      expect(await back.getByTestId("agency-status").textContent()).toContain("The licence is confirmed");
      expect(await back.getByTestId("agency-licence").getAttribute("data-state")).toBe("licensed");

      // A visitor: the card in a search, then the detail.
      const seen = visitor.page;
      await seen.goto(`/search/?deal=sale&city=novi-sad&price_min=${price}&price_max=${price}`);
      const card = cardOf(seen, listingId);
      expect(await card.textContent()).toContain(agencyName);
      expect(await card.textContent()).toContain("Licensed agency");
      await card.getByRole("link").first().click();
      await seen.waitForURL(`**/${listingId}/`);
      const owner = seen.getByTestId("detail-owner");
      expect(await seen.getByTestId("detail-advertiser").textContent()).toBe(`${agencyName}Licensed agency`);
      expect(await owner.textContent()).toContain("Phone verified");
      expect(await owner.textContent()).toMatch(/On Kvadrat since [A-Z][a-z]+ \d{4}/);
      // The owner's phone number is not on the page.
      expect(await seen.content()).not.toContain(phone.slice(4));

      // The agency changes its number in the profile: the badge is gone until checked again.
      await page.goto("/cabinet/personal/");
      await page.getByLabel(/Number in the register/).fill(`${licence}-1`);
      await page
        .locator('section[aria-labelledby="personal-advertiser"]')
        .getByRole("button", { name: "Save" })
        .click();
      await expect.poll(() => page.getByTestId("licence-state").getAttribute("data-state")).toBe("awaiting");
      const after = await api<{ data: ApiListingDetail }>(visitor.context, "GET", `/api/realty/${listingId}`);
      expect(after.body.data.advertiser).toMatchObject({ name: agencyName, licensed: false });
    } finally {
      // The refused post of the malformed number answers 400, as it should.
      await close(agency, [/^console\.error: Failed to load resource: the server responded with a status of 400/]);
      await close(admin);
      await close(moderator);
      await close(visitor);
    }
  },
);
