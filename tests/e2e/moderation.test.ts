/**
 * Decision 038 in Chromium: guests report a public listing from its report page, with JavaScript
 * (sent in place, the thanks take the focus) and without (a plain form post), and it stays public; three
 * established, independent reporters take it off the site (decision 047). The admin opens the moderation queue, sees it reported, rejects a pending listing with a reason
 * from the list and words, and approves the reported one back, each in place: the card leaves the queue,
 * the focus moves on and the live region says what happened. axe and the Nu validator check the queue and
 * the report page in Russian, and neither scrolls sideways at 320 px.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { ApiModerationItem } from "#shared/api/cabinet.ts";
import type { Paged } from "#shared/api/conventions.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import { MODERATION_PER_PAGE, REPORT_HIDE_THRESHOLD, REPORTER_MIN_ACCOUNT_DAYS } from "#shared/constants.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { describeViolations, runAxe } from "#harness/audit/axe.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { fileBrowser, hydrated, validateHtml } from "./browser.ts";
import { loopbackAddress, sessions, CSP_PRELOADS, SUPERSEDED_DATA } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

/** Problems the flow causes on purpose or that are not the page's. */
const EXPECTED = [CSP_PRELOADS, SUPERSEDED_DATA];

const { open, close } = sessions(browser, EXPECTED);

/** The API as a script of this site calls it (cookie writes need these). */
const WRITE = { "x-requested-with": "XMLHttpRequest", origin: baseURL };

const json = async <T>(response: Awaited<ReturnType<APIRequestContext["get"]>>) => (await response.json()) as T;

/** A public listing for the audit: one of the newest (the seed's are all public). */
async function publicListing(request: APIRequestContext): Promise<ApiListing> {
  const found = await json<{ items: ApiListing[] }>(await request.get("/api/realty/search?per_page=50&sort=newest"));
  expect(found.items.length).toBeGreaterThan(0);
  return found.items[Math.floor(Math.random() * found.items.length)]!;
}

/** A new account with a verified phone submits a flat for review: its id. */
async function pendingListing(request: APIRequestContext): Promise<number> {
  const phone = `+38164${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  expect((await request.post("/api/user/register", { data: { phone, name: "Moderation E2E" } })).status()).toBe(202);
  const sent = await json<{ items: { code: string }[] }>(
    await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`),
  );
  const verified = await request.post("/api/user/register/verify", {
    data: { phone, code: sent.items[0]!.code, remember_me: false },
  });
  expect(verified.status()).toBe(201);
  const write = (path: string, data: unknown) => request.post(path, { data, headers: WRITE });
  const created = await write("/api/realty/edit/type", { type_id: 4 });
  expect(created.status()).toBe(201);
  const { id } = (await json<{ data: { id: number } }>(created)).data;
  const steps: Record<string, object> = {
    params: { city: "beograd", address: `Cara Dušana ${id}`, lat: 44.82, lng: 20.46, area: 47, rooms: 2 },
    description: { description: "A quiet two-room flat near the Danube, freshly painted, with a cellar.", lang: "en" },
    conditions: { price: 90_000 + id },
  };
  for (const [step, data] of Object.entries(steps)) {
    expect((await write(`/api/realty/edit/${step}`, { id, ...data })).status(), step).toBe(200);
  }
  expect((await write("/api/realty/edit/force", { id })).status()).toBe(200);
  return id;
}

/**
 * A reporter whose reports count (decision 047): an account with a verified phone, signed up (remembered)
 * REPORTER_MIN_ACCOUNT_DAYS and a day ago through the development clock, from an address of its own.
 */
async function establishedReporter(request: APIRequestContext) {
  const phone = `+38165${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const headers = {
    "x-debug-now": String(Date.now() - (REPORTER_MIN_ACCOUNT_DAYS + 1) * 24 * 60 * 60 * 1000),
    "cf-connecting-ip": loopbackAddress(),
  };
  const sent = await request.post("/api/user/register", { data: { phone, name: "Reporter" }, headers });
  expect(sent.status()).toBe(202);
  const code = await json<{ items: { code: string }[] }>(
    await request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`),
  );
  const verified = await request.post("/api/user/register/verify", {
    data: { phone, code: code.items[0]!.code, remember_me: true },
    headers: { ...headers, ...WRITE },
  });
  expect(verified.status()).toBe(201);
}

/** Signs the admin in from a page of the site, as its scripts would. */
async function signInAdmin(page: Page) {
  const account = DEV_ACCOUNTS.find((a) => a.role === "admin")!;
  await page.goto("/about/");
  await hydrated(page);
  const status = await page.evaluate(
    async ({ login, password }) => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ login, password, remember_me: false }),
      });
      await res.text();
      return res.status;
    },
    { login: account.email, password: account.password },
  );
  expect(status).toBe(200);
}

/** The queue page that shows a listing (the queue is oldest first, MODERATION_PER_PAGE a page). */
async function queuePageOf(page: Page, id: number): Promise<string> {
  for (let n = 1; ; n++) {
    const body = await json<Paged<ApiModerationItem>>(
      await page.request.get(`/api/admin/realty/moderation?page=${n}&per_page=50`),
    );
    const at = body.items.findIndex((item) => item.id === id);
    if (at >= 0) {
      const index = (n - 1) * 50 + at;
      const number = Math.floor(index / MODERATION_PER_PAGE) + 1;
      return number === 1 ? "/admin/moderation/" : `/admin/moderation/?page=${number}`;
    }
    expect(n * 50, `listing ${id} is not in the queue`).toBeLessThan(body.total);
  }
}

/** The guest's report from the listing's report page. */
async function report(js: boolean, listing: ApiListing, reason: RegExp, text: string) {
  const guest = await open({ js });
  const { page } = guest;
  try {
    await page.goto(`/listing/report/${listing.id}/`);
    if (js) {
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 19));
    }
    await page.getByRole("heading", { level: 1, name: "Report a listing" }).waitFor();
    expect(await page.getByRole("link", { name: listing.title }).getAttribute("href")).toBe(listing.path);
    await page.getByRole("radio", { name: reason }).check();
    await page.getByRole("textbox", { name: "Details" }).fill(text);
    if (js) await expect.poll(() => page.getByText(`${text.length} / 1,000`).count()).toBe(1);
    await page.getByRole("button", { name: "Send the report" }).click();
    const thanks = page.getByRole("status").filter({ hasText: "Thank you, a moderator will look at it." });
    await thanks.waitFor();
    if (js) {
      // In place: the same document, the thanks focused.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(19);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Thank you, a moderator will look at it.");
    }
    await page.getByRole("link", { name: "Back to the listing" }).waitFor();
  } finally {
    await close(guest);
  }
}

it("guests report a listing, reporters take it off the site; the admin rejects one pending listing and approves it back", async () => {
  // A listing of the test's own: the reporters take it off the site, and no other file edits its title.
  const [owner, other, staff] = [await open(), await open(), await open()];
  let listing: ApiListing;
  let pending: number;
  try {
    await signInAdmin(staff.page);
    const id = await pendingListing(owner.page.request);
    const approved = await staff.page.request.post(`/api/admin/realty/${id}/approve`, { data: {}, headers: WRITE });
    expect(approved.status()).toBe(200);
    listing = (await json<{ data: ApiListing }>(await owner.page.request.get(`/api/realty/${id}`))).data;
    pending = await pendingListing(other.page.request);
  } finally {
    for (const session of [owner, other, staff]) await close(session);
  }

  await report(true, listing, /already sold or rented/, "Sold last week, the sign is gone.");
  await report(false, listing, /It is fake/, "The photos are of another building.");
  // Guests' reports are for the moderators: the listing stays on the site.
  const visitor = await open();
  try {
    expect((await visitor.page.request.get(`/api/realty/${listing.id}`)).status()).toBe(200);
  } finally {
    await close(visitor);
  }
  // Established reporters, each of its own network: the threshold is reached and the listing leaves the site.
  for (let i = 0; i < REPORT_HIDE_THRESHOLD; i++) {
    const reporter = await open();
    try {
      await establishedReporter(reporter.page.request);
      const res = await reporter.page.request.post(`/api/realty/${listing.id}/report`, {
        data: { reason: i % 2 ? "fake" : "sold" },
        headers: WRITE,
      });
      expect(res.status()).toBe(200);
      if (i === REPORT_HIDE_THRESHOLD - 1) {
        expect((await reporter.page.request.get(`/api/realty/${listing.id}`)).status()).toBe(404);
        expect((await reporter.page.goto(listing.path))!.status()).toBe(404);
      }
    } finally {
      // Its page is gone on purpose.
      await close(reporter, [/^console\.error: Failed to load resource: the server responded with a status of 404/]);
    }
  }

  const admin = await open();
  const { page } = admin;
  try {
    await signInAdmin(page);

    // The pending listing: rejected with a reason from the list and words.
    await page.goto(await queuePageOf(page, pending));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 4));
    const card = page.locator(`article[data-id="${pending}"]`);
    await card.getByText("Reject with a reason…").click();
    await card.getByRole("combobox", { name: "Reason from the list" }).selectOption("photos");
    await card.getByRole("textbox", { name: "Note to the owner" }).fill("Please add photos of the rooms.");
    await card.getByRole("button", { name: "Reject", exact: true }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("moderation-status").textContent())
      .toBe(`Listing No. ${pending} is rejected; its owner has been told why.`);
    // The focus moved on to the next card's heading, or to the status when the page has no card left.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.matches("[data-card-heading], [data-testid=moderation-status]")),
      )
      .toBe(true);
    // Made in place: the same document.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(4);
    const rejected = await json<{ data: { status: string } }>(
      await page.request.get(`/api/admin/realty/preview/${pending}`),
    );
    expect(rejected.data.status).toBe("rejected");

    // The reported listing: in the queue with its reports; approved, it is public again.
    await page.goto(await queuePageOf(page, listing.id));
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
    const flagged = page.locator(`article[data-id="${listing.id}"]`);
    const reports = flagged.getByTestId("moderation-reports");
    await reports.getByText("Reported", { exact: true }).waitFor();
    await reports.getByText("Sold last week, the sign is gone.").waitFor();
    await reports.getByText("The photos are of another building.").waitFor();
    expect(await reports.getByText("(a guest: does not count towards hiding)").count()).toBe(2);
    await flagged.getByRole("button", { name: "Approve and publish" }).click();
    await expect.poll(() => flagged.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("moderation-status").textContent())
      .toBe(`Listing No. ${listing.id} is approved and public now.`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(5);
    expect((await page.request.get(`/api/realty/${listing.id}`)).status()).toBe(200);
  } finally {
    await close(admin);
  }
}, 120_000);

it("a public listing one guest reported waits in the queue, still public, and the admin keeps it", async () => {
  const admin = await open();
  try {
    await signInAdmin(admin.page);
    const { page } = admin;
    const listing = await publicListing(page.request);
    const reported = await page.request.post(`/api/realty/${listing.id}/report`, {
      data: { reason: "fake", text: "The same flat is listed elsewhere for half the price." },
      headers: { ...WRITE, "cf-connecting-ip": loopbackAddress() },
    });
    expect(reported.status()).toBe(200);
    await page.goto(await queuePageOf(page, listing.id));
    await hydrated(page);
    const card = page.locator(`article[data-id="${listing.id}"]`);
    await card.getByText("Public now: visitors' reports have not taken it off the site.", { exact: false }).waitFor();
    await card.getByRole("button", { name: "Keep it public" }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect((await page.request.get(`/api/realty/${listing.id}`)).status()).toBe(200);
  } finally {
    await close(admin);
  }
}, 60_000);

it("the queue and the report page pass axe and Nu in Russian, and fit 320 px", async () => {
  const admin = await open();
  const guest = await open();
  const html: Record<string, string> = {};
  try {
    await signInAdmin(admin.page);
    const listing = await publicListing(guest.page.request);
    // In one language, Russian: the audit project takes the three by turns (decision 063).
    {
      const prefix = "/ru";
      for (const [session, path] of [
        [admin, `${prefix}/admin/moderation/`],
        [guest, `${prefix}/listing/report/${listing.id}/`],
      ] as const) {
        const { page } = session;
        for (const width of [1280, 320]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await hydrated(page);
          expect(describeViolations(await runAxe(page)), `${path} at ${width} px`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        }
        html[path] = await (await page.request.get(path)).text();
      }
    }
    // The report form's refusal, as a browser without JavaScript gets it.
    const refused = await guest.page.request.post(`/sr/listing/report/${listing.id}/`, {
      form: { reason: "other", text: "" },
      headers: { origin: baseURL },
    });
    expect(refused.status()).toBe(400);
    html["refused report"] = await refused.text();
  } finally {
    await close(admin);
    await close(guest);
  }
  for (const [path, result] of Object.entries(await validateHtml(html))) {
    expect(describeVnu(result.errors), path).toEqual([]);
  }
}, 180_000);
